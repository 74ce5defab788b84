import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { readSessionBody, readSessionSummary, readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { createInlineSessionChecker, type SessionChecker } from '@/lib/sessions/record/session-checker';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { openTestStore, presetPlayground, STORE_BACKENDS, type StoreBackend } from './session-fixtures';

const preset = PRESETS[0]!;
const turn = {
  turnId: 'turn_1',
  request: { source: preset.source, messages: [{ role: 'user', content: 'What is up?' }], model: { provider: 'auto', seed: 3 } },
  tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
  approvals: [],
  events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1 }],
};
const versionOne = { version: 1, createdAt: '2025-01-01T00:00:00.000Z', title: 'Old one', playground: presetPlayground(preset), turns: [turn] };

describe.each(STORE_BACKENDS.filter((backend) => backend.available))('rows stored before records were checked on write, on $name', describeOlderRows);

function describeOlderRows({ open }: StoreBackend): void {
  let store: SessionStore;
  let client: SqlClient;
  const checked: string[] = [];
  const inline = createInlineSessionChecker();
  const counting: SessionChecker = {
    prepareSession: (input) => {
      checked.push(input.kind);
      return inline.prepareSession(input);
    },
    prepareSessions: inline.prepareSessions,
    prepareTurn: inline.prepareTurn,
  };

  beforeAll(async () => {
    ({ store, client } = await openTestStore(open, { checker: counting }));
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  /** A row as the first version of the store wrote it: the record's JSON, nothing else known. */
  async function insertOlderRow(id: string, record: unknown): Promise<void> {
    const body = JSON.stringify({ ...(record as object), id });
    await client.query('INSERT INTO sessions (id, created_at, version, body, bytes, viewed_at) VALUES ($1, 0, 1, $2, $3, 0)', [id, body, body.length]);
  }

  it('checks an older row once, on its first read, in the checker, and serves it as checked from then on', async () => {
    const id = 'OLDOLDOLDOLDOLDOLDOLD1';
    await insertOlderRow(id, versionOne);
    checked.length = 0;
    const summary = await readSessionSummary(id, store);
    expect(summary).toEqual({ ok: true, value: { id, createdAt: '1970-01-01T00:00:00.000Z', title: 'Old one · Tool Runtime Playground', description: expect.stringContaining('“What is up?”') } });
    const record = await readStoredSession(id, store);
    expect(record.ok && [record.value.version, record.value.turns[0]?.request.toolSearch, record.value.turns[0]?.outputs]).toEqual([5, 'v1', []]);
    const body = await readSessionBody(id, store);
    expect(body.ok && (JSON.parse(body.value) as { texts: string[] }).texts[0]).toBe(preset.source);
    expect(checked).toEqual(['stored']);
    const [row] = await client.query<{ checked: number; version: number }>('SELECT checked, version FROM sessions WHERE id = $1', [id]);
    expect(row).toEqual({ checked: 1, version: 5 });
  });

  it('answers an older row that fails today\'s checks as unreadable (410), and does not check it again', async () => {
    const id = 'OLDOLDOLDOLDOLDOLDOLD2';
    await insertOlderRow(id, { ...versionOne, playground: { ...versionOne.playground, model: { provider: 'tape', tape: [] } } });
    checked.length = 0;
    const first = await readSessionBody(id, store);
    expect(first).toEqual({ ok: false, error: { code: 'unreadable', message: expect.stringContaining("does not pass today's checks") } });
    expect(await readSessionSummary(id, store)).toEqual(first);
    expect(checked).toEqual(['stored']);
  });

  it('notes a view at most once an hour, and deletes a session by id', async () => {
    const id = 'OLDOLDOLDOLDOLDOLDOLD3';
    await insertOlderRow(id, versionOne);
    await readSessionSummary(id, store);
    const [viewed] = await client.query<{ viewed_at: string }>('SELECT viewed_at FROM sessions WHERE id = $1', [id]);
    expect(Number(viewed!.viewed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.deleteSession(id)).toBe(true);
    expect(await store.deleteSession(id)).toBe(false);
    expect(await readSessionBody(id, store)).toEqual({ ok: false, error: { code: 'not-found', message: `No session ${id}.` } });
  });
}
