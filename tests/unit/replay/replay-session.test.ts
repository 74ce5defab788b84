import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { replaySession } from '@/lib/replay/replay-session';
import { replayStoredSession } from '@/lib/replay/server/replay-stored-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import { readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { openTestStore, presetPlayground, recordPresetTurn, TEST_CHECKER } from '../sessions/session-fixtures';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';

let store: SessionStore;
const sessions = new Map<string, SessionRecord>();

beforeAll(async () => {
  ({ store } = await openTestStore(() => createPgliteClient()));
  for (const preset of PRESETS) {
    const turn = await recordPresetTurn(preset);
    await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
    const shared = await createSharedSession({ playground: presetPlayground(preset), turnIds: [turn.turnId] }, { store, checker: TEST_CHECKER });
    if (!shared.ok) throw new Error(shared.error.message);
    const read = await readStoredSession(shared.value.id, store);
    if (!read.ok) throw new Error(read.error.message);
    sessions.set(preset.id, read.value);
  }
}, 90_000);

afterAll(async () => {
  await store.close();
});

describe('session replay on the tape', () => {
  it.each(PRESETS.map((preset) => [preset.id] as const))('replays the stored %s session identically', async (presetId) => {
    const record = sessions.get(presetId)!;
    const report = await replayStoredSession(record.id, { store, runTurnOnTape: (turn) => runTurnOnTape(turn), openReplay: createPooledReplayOpener(getSandboxPool()) });
    expect(report).toEqual({ ok: true, value: { identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }] } });
  });

  it('answers the recorded approvals without asking anyone', async () => {
    const record = sessions.get('approval-gate')!;
    expect(record.turns[0]!.approvals.length).toBeGreaterThan(0);
    expect(record.turns[0]!.approvals.every((approval) => approval.approved && approval.reason === 'looks fine')).toBe(true);
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(true);
  });

  it('reports a tampered tape response as differences, field by field', async () => {
    const record = structuredClone(sessions.get('parallel-and-sequential')!);
    const tape = record.turns[0]!.tape;
    expect(tape[0]!.streamed).toBe(true);
    // The completed response says other arguments than the deltas streamed before it.
    const completed = 'data: {"type":"response.completed"';
    tape[0]!.response = String(tape[0]!.response)
      .split('\n')
      .map((line) => {
        if (!line.startsWith(completed)) return line;
        const event = JSON.parse(line.slice('data: '.length)) as { response: { output: { type: string; arguments?: string }[] } };
        const call = event.response.output.find((item) => item.type === 'function_call');
        expect(call).toBeDefined();
        call!.arguments = JSON.stringify({ tampered: true });
        return `data: ${JSON.stringify(event)}`;
      })
      .join('\n');
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences[0]).toMatchObject({ turn: 0, field: expect.stringMatching(/^calls\[\d+\]\.arguments$/), replayed: '{"tampered":true}' });
  });

  it('reports a tampered tape request as a tape mismatch', async () => {
    const record = structuredClone(sessions.get('repair-ladder')!);
    const lastEntry = record.turns[0]!.tape.at(-1)!;
    lastEntry.request = { ...(lastEntry.request as Record<string, unknown>), input: [] };
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'type', replayed: 'model-error' }));
  });

  it('reports a turn whose module no longer compiles as the events that differ, not as a failed replay', async () => {
    const record = structuredClone(sessions.get('repair-ladder')!);
    record.turns[0]!.request.source = 'export default [ this is not typescript';
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.turns).toEqual([{ turn: 0, identical: false, differences: expect.any(Number) }]);
    expect(report.differences[0]).toEqual({ turn: 0, seq: 1, field: 'type', recorded: 'sandbox-ready', replayed: 'sandbox-error' });
  });
});
