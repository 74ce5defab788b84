import { describe, expect, it } from 'vitest';
import { ok } from '@/lib/runtime';
import { PRESETS } from '@/lib/presets';
import { replaySession } from '@/lib/replay/replay-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import { recordPresetSession } from '../sessions/session-fixtures';

const preset = PRESETS.find((candidate) => candidate.id === 'parallel-and-sequential')!;

describe('replaySession', () => {
  it('checks the assertions on the replayed events, and when a replay differs lines it up with the recording', { timeout: 60_000 }, async () => {
    const record = await recordPresetSession(preset, [{ kind: 'tool-called', name: 'write_file', called: true }, { kind: 'final-text', contains: 'reads back correctly' }]);
    const faithful = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(faithful).toMatchObject({ identical: true, assertions: [{ index: 0, pass: true }, { index: 1, pass: true }] });
    expect(faithful.comparison).toBeUndefined();

    // A replay whose final answer came out otherwise: the comparison names it, the assertion on it fails.
    const changed = await replaySession(record, async (turn) => {
      const replayed = await runTurnOnTape(turn);
      if (!replayed.ok) return replayed;
      return ok(replayed.value.map((event) => (event.type === 'turn-end' && event.reason === 'completed' ? { ...event, finalText: 'Something else.' } : event)));
    });
    expect(changed.identical).toBe(false);
    expect(changed.comparison?.firstDivergence?.sentence).toMatch(/^Turn 1: final text differs/);
    expect(changed.assertions).toMatchObject([{ pass: true }, { pass: false }]);
  });
});
