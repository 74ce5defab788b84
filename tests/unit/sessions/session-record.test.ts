import { describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { migrateSessionRecord, prepareSessionRecord, prepareSessionTurn, SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import { createSessionId, formatSessionUrl } from '@/lib/sessions/record/create-session-id';
import { presetPlayground } from './session-fixtures';

const preset = PRESETS[0]!;
const turn = {
  turnId: 'turn_1',
  request: { source: preset.source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 } },
  tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
  approvals: [],
  events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1 }],
};
const record = {
  version: 1,
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  createdAt: '2026-01-01T00:00:00.000Z',
  playground: presetPlayground(preset),
  turns: [turn],
};

describe('session record', () => {
  it('reads a version-1 record by upgrading it: every turn gains an empty list of typed outputs and says its events are the first runtime\'s', () => {
    const read = migrateSessionRecord(structuredClone(record));
    expect(read).toEqual({ ok: true, value: expect.objectContaining({ version: SESSION_RECORD_VERSION, id: record.id }) });
    expect(read.ok && read.value.turns.map((entry) => entry.outputs)).toEqual([[]]);
    expect(read.ok && read.value.turns.map((entry) => entry.eventFields)).toEqual(['v1']);
    expect(read.ok && read.value.turns.map((entry) => entry.request.toolSearch)).toEqual(['v1']);
  });

  it('reads a version-2 record with several turns and their typed outputs unchanged', () => {
    const second = { ...turn, turnId: 'turn_2', outputs: [{ callId: 'call_1', output: '{"ok":true}' }] };
    const read = migrateSessionRecord({ ...record, version: 2, turns: [{ ...turn, outputs: [] }, second] });
    expect(read.ok && read.value.turns.map((entry) => [entry.turnId, entry.outputs])).toEqual([
      ['turn_1', []],
      ['turn_2', [{ callId: 'call_1', output: '{"ok":true}' }]],
    ]);
  });

  it('upgrades a version-2 record to 3 by stamping its turns with Tool Search v1, the ranking they ran with', () => {
    const read = migrateSessionRecord({ ...record, version: 2, turns: [{ ...turn, outputs: [] }] });
    expect(read.ok && read.value.version).toBe(SESSION_RECORD_VERSION);
    expect(read.ok && read.value.turns[0]?.request.toolSearch).toBe('v1');
  });

  it('reads a version-3 record with the ranking each turn names, and refuses a turn that names none', () => {
    const stamped = { ...turn, outputs: [], request: { ...turn.request, toolSearch: 'v2' } };
    const read = migrateSessionRecord({ ...record, version: 3, turns: [stamped, { ...stamped, turnId: 'turn_2', request: { ...turn.request, toolSearch: 'v1' } }] });
    expect(read.ok && read.value.turns.map((entry) => entry.request.toolSearch)).toEqual(['v2', 'v1']);
    const unstamped = migrateSessionRecord({ ...record, version: 3, turns: [{ ...turn, outputs: [] }] });
    expect(!unstamped.ok && unstamped.error).toMatch(/^Invalid session: turns\.0\.request\.toolSearch: /);
  });

  it('upgrades a version-3 record to 4 by marking its turns as recorded with the old validation wording', () => {
    const stamped = { ...turn, outputs: [], request: { ...turn.request, toolSearch: 'v2' } };
    const read = migrateSessionRecord({ ...record, version: 3, turns: [stamped] });
    expect(read.ok && read.value.turns.map((entry) => entry.validationWording)).toEqual(['v1']);
    const current = migrateSessionRecord({ ...record, version: 4, turns: [stamped] });
    expect(current.ok && current.value.turns.map((entry) => entry.validationWording)).toEqual([undefined]);
  });

  it('refuses records without a version, from the future, or with a broken field, saying why', () => {
    expect(migrateSessionRecord([])).toEqual({ ok: false, error: 'A session must be a JSON object.' });
    expect(migrateSessionRecord({ ...record, version: undefined })).toEqual({ ok: false, error: 'The session has no valid "version" number.' });
    expect(migrateSessionRecord({ ...record, version: 6 })).toEqual({ ok: false, error: 'The session is version 6; this server reads up to version 5.' });
    const broken = migrateSessionRecord({ ...record, turns: [{ ...turn, events: [{ type: 'turn-end' }] }] });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/^Invalid session: turns\.0\.events\.0\.reason: /);
  });

  it('refuses a stored model config that still carries an API key', () => {
    const withKey = { ...record, playground: { ...record.playground, model: { provider: 'openai', model: 'gpt-5.4', apiKey: 'typed-key-123456' } } };
    const read = migrateSessionRecord(withKey);
    expect(read).toEqual({ ok: false, error: 'Invalid session: playground.model: A stored model config must not carry an apiKey.' });
  });

  it('prepares a record for storage: API keys removed, secret shapes and typed keys redacted', () => {
    const typed = 'my-local-key-0000';
    const prepared = prepareSessionRecord(
      {
        ...record,
        playground: { ...record.playground, message: `use ${typed} and sk-proj-abcdefghijklmnopqrstuvwxyz123`, model: { provider: 'openai', model: 'gpt-5.4', apiKey: typed } },
        turns: [{ ...turn, request: { ...turn.request, model: { provider: 'openai-compatible', model: 'llama', baseURL: 'http://localhost:11434/v1', apiKey: typed } } }],
      },
      [typed],
    );
    expect(prepared.ok).toBe(true);
    const text = JSON.stringify(prepared.ok && prepared.value);
    expect(text).not.toContain(typed);
    expect(text).not.toContain('sk-proj-');
    expect(text).not.toContain('apiKey');
    expect(prepared.ok && prepared.value.playground.message).toBe('use [REDACTED] and [REDACTED]');
  });

  it('prepares a finished turn the same way', () => {
    const prepared = prepareSessionTurn({ ...turn, outputs: [], request: { ...turn.request, toolSearch: 'v2', model: { provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-abcdefghijklmnopqrstuvwxyz' } } });
    expect(prepared).toEqual({ ok: true, value: expect.objectContaining({ request: expect.objectContaining({ model: { provider: 'openai', model: 'gpt-5.4' } }) }) });
    expect(prepareSessionTurn({ turnId: '' })).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid turn: /) });
  });

  it('creates unguessable ids: 22 base64url characters (128 bits), all distinct', () => {
    const ids = Array.from({ length: 200 }, createSessionId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(formatSessionUrl('abc')).toBe('/s/abc');
  });
});
