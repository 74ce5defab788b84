import type { AssertionVerdict } from '@/lib/assertions';
import type { RunComparison } from '@/lib/compare';
import type { EventDifference } from '@/lib/contract';

/**
 * One turn's verdict. `stopped`: the recorded turn was stopped while it ran (its `turn-end` says
 * `aborted`), so Replay does not run it again: nothing recorded says at which moment Stop came, and
 * running it past that point would only wait on its tools again and ask the tape for what it lacks.
 * Such a turn counts as identical; its recorded events stand for it.
 */
export type TurnReplayVerdict = { turn: number; identical: boolean; differences: number; stopped?: true };

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
