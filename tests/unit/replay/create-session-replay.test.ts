import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { createSessionReplay, type ReplayStep } from '@/lib/replay';
import { runTurnOnTape } from '@/lib/server/replay';
import { err, ok } from '@/lib/runtime';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';
import { prepareStoredSession } from '@/lib/sessions/record/prepare-stored-session';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import { recordPresetSession } from '../sessions/session-fixtures';

/** A two-turn session: the preset's turn twice (each turn carries its own conversation, so each replays on its own). */
let record: SessionRecord;

beforeAll(async () => {
  const recorded = await recordPresetSession(PRESETS.find((preset) => preset.id === 'approval-gate')!);
  const [turn] = recorded.turns;
  record = { ...recorded, turns: [turn!, { ...turn!, turnId: `${turn!.turnId}-again` }] };
}, 60_000);

function turnOf(step: ReplayStep) {
  if (step.kind !== 'turn') throw new Error(`Expected a turn to run, got the report: ${JSON.stringify(step.report).slice(0, 200)}`);
  return step;
}

describe('a replay handed over one turn at a time', () => {
  it('hands out each turn without its recorded events, then the report with every verdict', () => {
    const replay = createSessionReplay(record);
    const first = turnOf(replay.first());
    expect(first.index).toBe(0);
    expect(Object.keys(first.turn).sort()).toEqual(['approvals', 'outputs', 'request', 'tape']);
    expect(first.turn.tape).toEqual(record.turns[0]!.tape);

    const second = turnOf(replay.advance(ok(record.turns[0]!.events)));
    expect(second.index).toBe(1);
    expect(Object.keys(second.turn).sort()).toEqual(['approvals', 'outputs', 'request', 'tape']);

    const done = replay.advance(err('The replay could not start (503): the sandbox is at capacity.'));
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.report.identical).toBe(false);
    expect(done.report.turns).toEqual([
      { turn: 0, identical: true, differences: 0 },
      { turn: 1, identical: false, differences: 1 },
    ]);
    expect(done.report.differences).toEqual([
      { turn: 1, seq: 0, field: 'replay', recorded: `${record.turns[1]!.events.length} events`, replayed: 'The replay could not start (503): the sandbox is at capacity.' },
    ]);
    expect(done.report.comparison?.firstDivergence).toMatchObject({ turnIndex: 1 });
  });

  it("hands a turn's MCP tape on with it, so the server's calls are answered from the recording", () => {
    const mcp = {
      servers: [],
      calls: [],
      messages: [{ server: 'files', direction: 'sent' as const, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
    };
    const replay = createSessionReplay({ ...record, turns: [{ ...record.turns[0]!, mcp }] });
    const first = turnOf(replay.first());
    expect(Object.keys(first.turn).sort()).toEqual(['approvals', 'mcp', 'outputs', 'request', 'tape']);
    expect(first.turn.mcp).toEqual(mcp);
  });

  it('does not run a turn stopped outside a model request again: its verdict says stopped and its recorded events stand for it', () => {
    const [turn] = record.turns;
    const ended = turn!.events.at(-1)!;
    const stopped = { ...turn!, turnId: `${turn!.turnId}-stopped`, events: [...turn!.events.slice(0, -1), { ...ended, type: 'turn-end', reason: 'aborted' } as typeof ended] };
    const replay = createSessionReplay({ ...record, turns: [stopped, turn!, stopped] });
    // The stopped first turn is passed over: the first turn handed out is the second.
    const second = turnOf(replay.first());
    expect(second.index).toBe(1);
    const done = replay.advance(ok(turn!.events));
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.report).toEqual({
      identical: true,
      differences: [],
      turns: [
        { turn: 0, identical: true, differences: 0, stopped: true },
        { turn: 1, identical: true, differences: 0 },
        { turn: 2, identical: true, differences: 0, stopped: true },
      ],
    });
  });

  it('runs a turn stopped inside a model request again: its cut-off tape replays the stop where it came', () => {
    const [turn] = record.turns;
    const ended = turn!.events.at(-1)!;
    const tape = turn!.tape.map((entry, index) => (index === turn!.tape.length - 1 ? { ...entry, cutOff: true as const } : entry));
    const stopped = { ...turn!, tape, events: [...turn!.events.slice(0, -1), { ...ended, type: 'turn-end', reason: 'aborted' } as typeof ended] };
    const replay = createSessionReplay({ ...record, turns: [stopped] });
    expect(turnOf(replay.first()).index).toBe(0);
  });

  it('runs in a sandbox worker: the HTTP thread runs each turn on its tape and gets back the next turn and then the report', async () => {
    const prepared = prepareStoredSession({ kind: 'import', id: 'CCCCCCCCCCCCCCCCCCCCCC', createdAt: '2026-01-01T00:00:00.000Z', text: JSON.stringify(record) });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const opened = await createPooledReplayOpener(getSandboxPool())({ id: 'CCCCCCCCCCCCCCCCCCCCCC', text: prepared.value.body });
    if (!opened.ok) throw new Error(opened.error.message);
    const replay = opened.value;
    const handed: number[] = [];
    let step = replay.step;
    while (step.kind === 'turn') {
      handed.push(step.index);
      expect(step.turn).not.toHaveProperty('events');
      const next = await replay.advance(await runTurnOnTape(step.turn));
      if (!next.ok) throw new Error(next.error.message);
      step = next.value;
    }
    expect(handed).toEqual([0, 1]);
    expect(step.report).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }, { turn: 1, identical: true, differences: 0 }] });
    // A finished replay is no longer held by its worker.
    expect(await replay.advance(ok([]))).toEqual({ ok: false, error: { code: 'busy', message: 'The replay was dropped by its sandbox worker; try again.' } });
    replay.close();
  }, 60_000);

  it('names a stored record that does not parse, from the worker', async () => {
    const opened = await createPooledReplayOpener(getSandboxPool())({ id: 'DDDDDDDDDDDDDDDDDDDDDD', text: '{"version"' });
    expect(opened).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringContaining('Session DDDDDDDDDDDDDDDDDDDDDD is stored but unreadable') } });
  });
});
