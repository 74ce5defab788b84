import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordedConversation, createSessionPreset, selectSessionSeed } from '@/lib/client/session-playground';
import { PRESETS } from '@/lib/presets';
import type { FinishedTurn } from '@/lib/contract';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { readSessionBody, readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { replaySession } from '@/lib/replay/replay-session';
import { replayStoredSession } from '@/lib/replay/server/replay-stored-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import { migrateSessionRecord, SESSION_RECORD_VERSION, type SessionRecord } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { importStoredSession } from '@/lib/sessions/store/store-session-record';
import { openTestStore, presetPlayground, recordPresetTurn, TEST_CHECKER } from './session-fixtures';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';

let store: SessionStore;
let client: SqlClient;
const recorded = new Map<string, FinishedTurn[]>();

beforeAll(async () => {
  ({ store, client } = await openTestStore(() => createPgliteClient()));
  // Two runs of each preset: a conversation whose turns send the same module.
  for (const preset of PRESETS) recorded.set(preset.id, [await recordPresetTurn(preset), await recordPresetTurn(preset)]);
}, 120_000);

afterAll(async () => {
  await store.close();
});

/** The session as a version 4 server stored and exported it: every text inline in every turn. */
function versionFourRecord(presetId: string): Record<string, unknown> {
  const preset = PRESETS.find((candidate) => candidate.id === presetId)!;
  return JSON.parse(
    JSON.stringify({
      version: 4,
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      createdAt: '2026-01-01T00:00:00.000Z',
      title: preset.title,
      playground: presetPlayground(preset),
      turns: recorded.get(presetId)!.map(({ turnId, request, tape, approvals, outputs, events }) => ({ turnId, request, tape, approvals, outputs, events })),
    }),
  ) as Record<string, unknown>;
}

function readRecord(raw: unknown): SessionRecord {
  const read = migrateSessionRecord(raw);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

describe('version 4 sessions', () => {
  it.each(PRESETS.map((preset) => [preset.id] as const))('upgrades a version-4 %s record to 5 with every field as it was, and replays it identically', async (presetId) => {
    const raw = versionFourRecord(presetId);
    const record = readRecord(raw);
    expect(record.version).toBe(SESSION_RECORD_VERSION);
    expect({ ...record, version: 4 }).toEqual(raw);
    expect(await replaySession(record, (turn) => runTurnOnTape(turn))).toEqual({
      identical: true,
      differences: [],
      turns: [
        { turn: 0, identical: true, differences: 0 },
        { turn: 1, identical: true, differences: 0 },
      ],
    });
  });

  it.each(PRESETS.map((preset) => [preset.id] as const))('imports a version-4 %s file, stores it compacted, and replays and forks it as the file read', async (presetId) => {
    const raw = versionFourRecord(presetId);
    const upgraded = readRecord(raw);
    const imported = await importStoredSession(JSON.stringify(raw), { store, checker: TEST_CHECKER });
    if (!imported.ok) throw new Error(imported.error.message);

    const [row] = await client.query<{ version: number; body: string }>('SELECT version, body FROM sessions WHERE id = $1', [imported.value.id]);
    const body = JSON.parse(row!.body) as { version: number; texts: string[]; turns: { request: { source: unknown } }[] };
    expect([row!.version, body.version]).toEqual([5, 5]);
    expect(body.texts.filter((text) => text === upgraded.playground.source)).toHaveLength(1);
    expect(body.turns.map((turn) => turn.request.source)).toEqual([{ text: 0 }, { text: 0 }]);

    const read = await readStoredSession(imported.value.id, store);
    if (!read.ok) throw new Error(read.error.message);
    const asImported = { ...upgraded, id: imported.value.id, createdAt: read.value.createdAt };
    expect(read.value).toEqual(asImported);
    // What the browser gets from GET /api/sessions/<id>, expanded there, and what Fork loads from it.
    const sent = await readSessionBody(imported.value.id, store);
    if (!sent.ok) throw new Error(sent.error.message);
    const received = readRecord(JSON.parse(sent.value));
    expect(received).toEqual(asImported);
    expect(createSessionPreset(received)).toEqual(createSessionPreset(asImported));
    expect(createRecordedConversation(received)).toEqual(createRecordedConversation(asImported));
    expect(selectSessionSeed(received)).toBe(selectSessionSeed(asImported));

    const report = await replayStoredSession(imported.value.id, { store, runTurnOnTape: (turn) => runTurnOnTape(turn), openReplay: createPooledReplayOpener(getSandboxPool()) });
    expect(report).toEqual({ ok: true, value: expect.objectContaining({ identical: true, differences: [] }) });
  });
});
