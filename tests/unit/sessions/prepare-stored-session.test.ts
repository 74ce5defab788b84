import { describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { prepareStoredSession, prepareStoredTurn } from '@/lib/sessions/record/prepare-stored-session';
import { readCheckedSessionRecord } from '@/lib/sessions/record/read-checked-session';
import { SESSION_LIMITS } from '@/lib/contract';
import { migrateSessionRecord, SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import { presetPlayground } from './session-fixtures';

const preset = PRESETS[0]!;
const turn = {
  turnId: 'turn_1',
  request: { source: preset.source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 }, toolSearch: 'v2' },
  tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
  approvals: [],
  outputs: [],
  events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1 }],
};
const file = { version: SESSION_RECORD_VERSION, id: 'ZZZZZZZZZZZZZZZZZZZZZZ', createdAt: '2020-01-01T00:00:00.000Z', title: 'A file', playground: presetPlayground(preset), turns: [turn] };
const identity = { id: 'AAAAAAAAAAAAAAAAAAAAAA', createdAt: '2026-01-01T00:00:00.000Z' };

const importFile = (record: unknown, withinBudget?: () => boolean) => prepareStoredSession({ kind: 'import', ...identity, text: JSON.stringify(record) }, withinBudget);
const schemaAssertion = (schema: unknown) => ({ kind: 'arguments-match', name: 'echo', match: { kind: 'schema', schema } });

describe('prepareStoredSession: a record is checked once, when it is written', () => {
  it('stores an imported file under a new id, compacted, with the preview its page shows', () => {
    const prepared = importFile(file);
    if (!prepared.ok) throw new Error(prepared.error.message);
    const { body, bytes, title, description, id, createdAt, version } = prepared.value;
    expect({ id, createdAt, version }).toEqual({ ...identity, version: SESSION_RECORD_VERSION });
    expect(bytes).toBe(new TextEncoder().encode(body).byteLength);
    expect(title).toBe('A file · Tool Runtime Playground');
    expect(description).toContain('1 turn');
    const stored = JSON.parse(body) as { texts: string[] };
    expect(stored.texts[0]).toBe(preset.source);
    // What every later read does: expand, never validate; the result is what full validation gives.
    expect(readCheckedSessionRecord(stored)).toEqual(migrateSessionRecord(stored));
  });

  it('refuses a record of too many JSON values before validating it, naming the bound', () => {
    const tiny = { ...file, turns: [{ ...turn, tape: [{ ...turn.tape[0], response: new Array(SESSION_LIMITS.recordValues).fill(0) }] }] };
    expect(importFile(tiny)).toEqual({ ok: false, error: { code: 'too-large', message: expect.stringContaining(`holds more than ${SESSION_LIMITS.recordValues} JSON values`) } });
    const oneExchange = { ...file, turns: [{ ...turn, tape: [{ ...turn.tape[0], response: new Array(SESSION_LIMITS.exchangeValues + 1).fill(0) }] }] };
    expect(importFile(oneExchange)).toEqual({
      ok: false,
      error: { code: 'too-large', message: `turns.0.tape.0.response holds more than ${SESSION_LIMITS.exchangeValues} JSON values; a model exchange holds at most that many.` },
    });
  });

  it('refuses the server\'s own tape as a recorded model, and more exchanges or events than a turn can have', () => {
    const taped = { ...file, playground: { ...file.playground, model: { provider: 'tape', tape: [] } } };
    expect(importFile(taped)).toEqual({ ok: false, error: { code: 'invalid', message: expect.stringContaining('playground.model: A stored model config cannot be a tape') } });
    const long = { ...file, turns: [{ ...turn, tape: Array.from({ length: SESSION_LIMITS.exchangesPerTurn + 1 }, () => turn.tape[0]) }] };
    expect(importFile(long)).toEqual({ ok: false, error: { code: 'invalid', message: expect.stringContaining(`A turn holds at most ${SESSION_LIMITS.exchangesPerTurn} model exchanges.`) } });
  });

  it('checks assertions one at a time and stops when the budget is spent, saying where', () => {
    const assertions = Array.from({ length: 5 }, (_, index) => schemaAssertion({ type: 'object', properties: { [`p${index}`]: { type: 'string', pattern: '^a+$' } } }));
    expect(importFile({ ...file, assertions }).ok).toBe(true);
    let checks = 0;
    const twoOnly = () => ++checks <= 2;
    expect(importFile({ ...file, assertions }, twoOnly)).toEqual({
      ok: false,
      error: { code: 'too-large', message: `Checking the session's assertions took more than its budget (${SESSION_LIMITS.checkBudgetMs} ms of CPU, ${SESSION_LIMITS.checkWallMs / 1000} s in all; stopped at assertion 3 of 5): their JSON Schemas or patterns are too costly.` },
    });
    const broken = [assertions[0], schemaAssertion({ type: 'object', properties: { a: { type: 'string', pattern: '(?<=x)a' } } })];
    expect(importFile({ ...file, assertions: broken })).toEqual({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/^Invalid session: assertions\.1\.match\.schema: /) } });
  });

  it('checks a row an older version stored, keeping its id and creation time (versions 1–5 stay readable)', () => {
    const versionOne = { ...file, version: 1, turns: [{ ...turn, outputs: undefined, request: { ...turn.request, toolSearch: undefined } }] };
    const prepared = prepareStoredSession({ kind: 'stored', body: JSON.stringify(versionOne) });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const read = readCheckedSessionRecord(JSON.parse(prepared.value.body));
    expect(read.ok && [read.value.id, read.value.createdAt, read.value.version, read.value.turns[0]?.request.toolSearch]).toEqual([file.id, file.createdAt, SESSION_RECORD_VERSION, 'v1']);
  });

  it('builds a shared record from stored finished turns, else from the forked session, and names turns it has neither of', () => {
    const forked = prepareStoredSession({ kind: 'import', ...identity, text: JSON.stringify({ ...file, turns: [{ ...turn, turnId: 'turn_forked' }] }) });
    if (!forked.ok) throw new Error(forked.error.message);
    const share = (turnIds: string[], finishedTurns: (string | null)[]) =>
      prepareStoredSession({ kind: 'share', ...identity, playground: file.playground, turnIds, finishedTurns, forkedFrom: forked.value.body, secrets: [] });
    const shared = share(['turn_forked', 'turn_1'], [null, JSON.stringify(turn)]);
    if (!shared.ok) throw new Error(shared.error.message);
    const read = readCheckedSessionRecord(JSON.parse(shared.value.body));
    expect(read.ok && read.value.turns.map((entry) => entry.turnId)).toEqual(['turn_forked', 'turn_1']);
    expect(share(['turn_gone'], [null])).toEqual({ ok: false, error: { code: 'unknown-turn', message: expect.stringContaining('No finished turn turn_gone') } });
  });
});

describe('prepareStoredTurn', () => {
  it('stores a finished turn as checked text, or says why it cannot be shared', () => {
    const prepared = prepareStoredTurn({ ...turn, request: { ...turn.request, model: { provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-abcdefghijklmnopqrstuvwxyz' } } });
    expect(prepared.ok && JSON.parse(prepared.value).request.model).toEqual({ provider: 'openai', model: 'gpt-5.4' });
    expect(prepareStoredTurn({ ...turn, tape: [{ ...turn.tape[0], request: new Array(SESSION_LIMITS.exchangeValues + 1).fill(0) }] })).toEqual({
      ok: false,
      error: `tape.0.request holds more than ${SESSION_LIMITS.exchangeValues} JSON values; a model exchange holds at most that many.`,
    });
  });
});
