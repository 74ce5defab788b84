import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { type FinishedTurn, SESSION_LIMITS } from '@/lib/contract';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { importStoredSession } from '@/lib/sessions/store/store-session-record';
import { openTestStore, presetPlayground, recordPresetTurn, STORE_BACKENDS, type StoreBackend, TEST_CHECKER } from './session-fixtures';

const recorded = new Map<string, FinishedTurn>();

beforeAll(async () => {
  for (const preset of PRESETS) recorded.set(preset.id, await recordPresetTurn(preset));
}, 60_000);

describe.each(STORE_BACKENDS.filter((backend) => backend.available))('session store on $name', describeSessionStore);
describe.skip.each(STORE_BACKENDS.filter((backend) => !backend.available))('session store on $name', describeSessionStore);

function describeSessionStore({ open }: StoreBackend): void {
  let store: SessionStore;
  let client: SqlClient;

  beforeAll(async () => {
    ({ store, client } = await openTestStore(open));
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  it.each(PRESETS.map((preset) => [preset.id, preset] as const))('round-trips the %s preset: finished turn, then shared session', async (_id, preset) => {
    const turn = recorded.get(preset.id)!;
    await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
    const stored = await store.getTurn(turn.turnId);
    expect(stored).toEqual({ turnId: turn.turnId, request: turn.request, tape: turn.tape, approvals: turn.approvals, outputs: turn.outputs, events: turn.events });

    const shared = await createSharedSession({ title: preset.title, playground: presetPlayground(preset), turnIds: [turn.turnId] }, { store, checker: TEST_CHECKER });
    if (!shared.ok) throw new Error(shared.error.message);
    expect(shared.value.url).toBe(`/s/${shared.value.id}`);
    const read = await readStoredSession(shared.value.id, store);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({ version: SESSION_RECORD_VERSION, id: shared.value.id, title: preset.title, playground: { source: preset.source, message: preset.message } });
    expect(read.value.turns).toEqual([stored]);
  });

  it('answers unknown and malformed ids and unknown turns with distinct errors', async () => {
    expect(await store.getTurn('turn_nope')).toBeUndefined();
    expect(await readStoredSession('AAAAAAAAAAAAAAAAAAAAAA', store)).toEqual({ ok: false, error: { code: 'not-found', message: 'No session AAAAAAAAAAAAAAAAAAAAAA.' } });
    expect(await readStoredSession('../etc', store)).toEqual({ ok: false, error: { code: 'invalid', message: '"../etc" is not a session id.' } });
    const shared = await createSharedSession({ playground: presetPlayground(PRESETS[0]!), turnIds: ['turn_gone'] }, { store, checker: TEST_CHECKER });
    expect(shared).toEqual({ ok: false, error: { code: 'unknown-turn', message: expect.stringContaining('No finished turn turn_gone on this server') } });
  });

  it('never stores a secret typed in the key field, nor one of a known shape', async () => {
    const typedKey = 'typed-local-key-4242';
    const shapedKey = 'sk-proj-0123456789abcdefghijklmnopqrstuv';
    const base = recorded.get(PRESETS[0]!.id)!;
    const leaky: FinishedTurn = {
      ...base,
      turnId: 'turn_secret_check',
      request: { ...base.request, model: { provider: 'openai', model: 'gpt-5.4', apiKey: typedKey }, messages: [{ role: 'user', content: `my key is ${shapedKey}` }] },
    };
    await saveFinishedTurn(leaky, { store: store, checker: TEST_CHECKER });
    const playground = { ...presetPlayground(PRESETS[0]!), message: `try ${typedKey}`, model: { provider: 'openai' as const, model: 'gpt-5.4', apiKey: typedKey } };
    const shared = await createSharedSession({ playground, turnIds: ['turn_secret_check'] }, { store, checker: TEST_CHECKER });
    expect(shared.ok).toBe(true);

    const rows = [...(await client.query('SELECT * FROM finished_turns')), ...(await client.query('SELECT * FROM sessions'))];
    const dump = JSON.stringify(rows);
    expect(dump).toContain('turn_secret_check');
    expect(dump).not.toContain(typedKey);
    expect(dump).not.toContain(shapedKey);
    expect(dump).not.toContain('apiKey');
  });

  it('writes atomically: a failed transaction leaves nothing, an existing session is never overwritten', async () => {
    await expect(
      client.transaction(async (query) => {
        await query("INSERT INTO sessions (id, created_at, version, body, bytes, viewed_at) VALUES ('half_written_session__', 0, 1, '{}', 2, 0)");
        throw new Error('crash between statements');
      }),
    ).rejects.toThrow('crash between statements');
    expect(await client.query("SELECT id FROM sessions WHERE id = 'half_written_session__'")).toEqual([]);

    const turn = recorded.get(PRESETS[1]!.id)!;
    await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
    const fixedId = () => 'BBBBBBBBBBBBBBBBBBBBBB';
    const first = await createSharedSession({ title: 'first', playground: presetPlayground(PRESETS[1]!), turnIds: [turn.turnId] }, { store, checker: TEST_CHECKER, createId: fixedId });
    expect(first.ok).toBe(true);
    const second = await createSharedSession({ title: 'second', playground: presetPlayground(PRESETS[1]!), turnIds: [turn.turnId] }, { store, checker: TEST_CHECKER, createId: fixedId });
    expect(second).toMatchObject({ ok: false, error: { code: 'storage-failed' } });
    const read = await readStoredSession('BBBBBBBBBBBBBBBBBBBBBB', store);
    expect(read.ok && read.value.title).toBe('first');
  });

  it('imports an exported session as a new one, and refuses bad or oversized files with the reason', async () => {
    const turn = recorded.get(PRESETS[2]!.id)!;
    await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
    const shared = await createSharedSession({ playground: presetPlayground(PRESETS[2]!), turnIds: [turn.turnId] }, { store, checker: TEST_CHECKER });
    if (!shared.ok) throw new Error(shared.error.message);
    const exported = await readStoredSession(shared.value.id, store);
    if (!exported.ok) throw new Error(exported.error.message);

    const imported = await importStoredSession(JSON.stringify(JSON.parse(JSON.stringify(exported.value))), { store, checker: TEST_CHECKER });
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.id).not.toBe(shared.value.id);
    const copy = await readStoredSession(imported.value.id, store);
    expect(copy.ok && copy.value.turns).toEqual(exported.value.turns);

    expect(await importStoredSession(JSON.stringify({ hello: 'world' }), { store, checker: TEST_CHECKER })).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'The file has no "version": is it an exported session?' },
    });
    // Distinct contents: equal ones would be stored once.
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`f${index}.txt`, `${index}:`.padEnd(190_000, 'x')]));
    const huge = { ...exported.value, playground: { ...exported.value.playground, files } };
    expect(await importStoredSession(JSON.stringify(huge), { store, checker: TEST_CHECKER })).toEqual({
      ok: false,
      error: { code: 'too-large', message: expect.stringMatching(new RegExp(`^The session is \\d+ bytes as stored; the limit is ${SESSION_LIMITS.recordBytes} bytes\\.$`)) },
    });
  });

  it('keeps finished turns for a while, then lets them go (age and count)', async () => {
    let now = 1_000_000;
    const { store: shortLived } = await openTestStore(() => Promise.resolve(client), { now: () => now, retention: { maxAgeMs: 1000, maxCount: 2 } });
    const turn = recorded.get(PRESETS[0]!.id)!;
    for (const turnId of ['keep_a', 'keep_b', 'keep_c']) await saveFinishedTurn({ ...turn, turnId }, { store: shortLived, checker: TEST_CHECKER });
    expect(await shortLived.getTurn('keep_a')).toBeUndefined();
    expect((await shortLived.getTurn('keep_c'))?.turnId).toBe('keep_c');
    now += 1001;
    expect(await shortLived.getTurn('keep_c')).toBeUndefined();
  });
}

describe('PGlite on disk', () => {
  it('keeps sessions across restarts in its data directory', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-sessions-'));
    try {
      const turn = recorded.get(PRESETS[0]!.id)!;
      const first = await openTestStore(() => createPgliteClient(dataDir));
      await saveFinishedTurn(turn, { store: first.store, checker: TEST_CHECKER });
      const shared = await createSharedSession({ playground: presetPlayground(PRESETS[0]!), turnIds: [turn.turnId] }, { store: first.store, checker: TEST_CHECKER });
      await first.store.close();
      if (!shared.ok) throw new Error(shared.error.message);

      const second = await openTestStore(() => createPgliteClient(dataDir));
      const read = await readStoredSession(shared.value.id, second.store);
      await second.store.close();
      expect(read.ok && read.value.turns[0]?.events).toEqual(turn.events);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
