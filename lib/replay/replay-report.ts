import type { AssertionVerdict } from '@/lib/assertions';
import type { RunComparison } from '@/lib/compare';
import type { EventDifference } from '@/lib/contract';

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
