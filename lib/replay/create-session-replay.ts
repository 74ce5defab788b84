import type { RuntimeEvent, Result } from '@/lib/runtime';
import { checkAssertions } from '@/lib/assertions';
import { compareRuns } from '@/lib/compare';
import type { SessionRecord, SessionTurn } from '@/lib/sessions';
import type { EventDifference } from '@/lib/contract';
import { compareTurnEvents } from './compare-session-events';
import type { ReplayReport, TurnReplayVerdict } from './replay-report';
import { isStoppedOffTape } from './is-stopped-off-tape';

/** What running one recorded turn again needs: its request, its tape, and the decisions people made. Not its events. */
export type TapedTurn = Pick<SessionTurn, 'request' | 'tape' | 'mcp' | 'approvals' | 'outputs' | 'elicitations'>;

/** What a replay asks for next: the turn to run on its tape, or, once every turn ran, the report. */
export type ReplayStep = { kind: 'turn'; index: number; turn: TapedTurn } | { kind: 'done'; report: ReplayReport };

/** A replay in progress: it holds the record and hands out one turn at a time. */
export type SessionReplay = {
  /** The first step (a session has at least one turn). */
  first(): ReplayStep;
  /** Compares what the current turn's run produced (or why it could not start) with the recording; the next step. */
  advance(replayed: Result<RuntimeEvent[], string>): ReplayStep;
};

/**
 * A replay of `record`, turn by turn: whoever runs the turns sees each turn's request and tape,
 * never the recorded events, and gets back only the next turn and, at the end, the bounded report
 * (the differences, the comparison when there are any, and the assertions checked on the replay).
 */
export function createSessionReplay(record: SessionRecord): SessionReplay {
  const differences: EventDifference[] = [];
  const verdicts: TurnReplayVerdict[] = [];
  const replayedEvents: RuntimeEvent[][] = [];
  const stepAt = (start: number): ReplayStep => {
    let index = start;
    for (let turn = record.turns[index]; turn && isStoppedOffTape(turn); turn = record.turns[++index]) {
      replayedEvents.push(turn.events);
      verdicts.push({ turn: index, identical: true, differences: 0, stopped: true });
    }
    const turn = record.turns[index];
    return turn ? { kind: 'turn', index, turn: { request: turn.request, tape: turn.tape, ...(turn.mcp ? { mcp: turn.mcp } : {}), approvals: turn.approvals, outputs: turn.outputs, ...(turn.elicitations ? { elicitations: turn.elicitations } : {}) } } : { kind: 'done', report: finish() };
  };
  const finish = (): ReplayReport => {
    const assertions = record.assertions && record.assertions.length > 0 ? { assertions: checkAssertions(record.assertions, replayedEvents) } : {};
    if (differences.length === 0) return { identical: true, differences, turns: verdicts, ...assertions };
    const comparison = compareRuns(
      record.turns.map((turn) => turn.events),
      replayedEvents,
      { labels: { a: 'the recording', b: 'the replay' } },
    );
    return { identical: false, differences, turns: verdicts, comparison, ...assertions };
  };
  return {
    first: () => stepAt(0),
    advance(replayed) {
      const index = verdicts.length;
      const turn = record.turns[index];
      if (!turn) return { kind: 'done', report: finish() };
      replayedEvents.push(replayed.ok ? replayed.value : []);
      const found = replayed.ok
        ? compareTurnEvents(index, turn.events, replayed.value, { legacyValidationWording: turn.validationWording === 'v1', legacyEventFields: turn.eventFields === 'v1' })
        : [{ turn: index, seq: 0, field: 'replay', recorded: `${turn.events.length} events`, replayed: replayed.error }];
      differences.push(...found);
      verdicts.push({ turn: index, identical: found.length === 0, differences: found.length });
      return stepAt(index + 1);
    },
  };
}

