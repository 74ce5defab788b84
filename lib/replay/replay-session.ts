import type { Result, RuntimeEvent } from '@/lib/runtime';
import { checkAssertions, type AssertionVerdict } from '@/lib/assertions/check-session-assertions';
import { compareRuns } from '@/lib/compare/compare-runs';
import type { RunComparison } from '@/lib/compare/run-comparison';
import { compareTurnEvents, type EventDifference } from './compare-session-events';
import type { SessionRecord, SessionTurn } from '@/lib/sessions/session-record';

/** One turn's verdict. */
export type TurnReplayVerdict = { turn: number; identical: boolean; differences: number };

/**
 * What a replay found: `identical` exactly when there are no differences; `turns` says it per
 * turn. When it differs, `comparison` lines the recording (A) and the replay (B) up step by step.
 */
export type ReplayReport = {
  identical: boolean;
  differences: EventDifference[];
  turns: TurnReplayVerdict[];
  comparison?: RunComparison;
  /** The session's assertions checked on the replayed events (absent when it has none). */
  assertions?: AssertionVerdict[];
};

/** Runs one recorded turn again on its tape with its recorded approvals; an error when it cannot start. */
export type ReplayTurnRunner = (turn: SessionTurn) => Promise<Result<RuntimeEvent[], string>>;

/** Re-runs every turn of a session through `runTurnOnTape` and compares the events with the recording. */
export async function replaySession(record: SessionRecord, runTurnOnTape: ReplayTurnRunner): Promise<ReplayReport> {
  const differences: EventDifference[] = [];
  const turns: TurnReplayVerdict[] = [];
  const replayedEvents: RuntimeEvent[][] = [];
  for (const [index, turn] of record.turns.entries()) {
    const replayed = await runTurnOnTape(turn);
    replayedEvents.push(replayed.ok ? replayed.value : []);
    const found = replayed.ok
      ? compareTurnEvents(index, turn.events, replayed.value, { legacyValidationWording: turn.validationWording === 'v1', legacyEventFields: turn.eventFields === 'v1' })
      : [{ turn: index, seq: 0, field: 'replay', recorded: `${turn.events.length} events`, replayed: replayed.error }];
    differences.push(...found);
    turns.push({ turn: index, identical: found.length === 0, differences: found.length });
  }
  const assertions = record.assertions && record.assertions.length > 0 ? { assertions: checkAssertions(record.assertions, replayedEvents) } : {};
  if (differences.length === 0) return { identical: true, differences, turns, ...assertions };
  const comparison = compareRuns(
    record.turns.map((turn) => turn.events),
    replayedEvents,
    { labels: { a: 'the recording', b: 'the replay' } },
  );
  return { identical: false, differences, turns, comparison, ...assertions };
}
