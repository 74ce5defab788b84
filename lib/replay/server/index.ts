// Server-only face of replay: stored sessions replayed and compared, assertions checked, on an injected turn path.
export { compareStoredSessions } from './compare-stored-sessions';
export type { ComparedSide } from './compare-stored-sessions';
export { readForkedTurn } from './read-forked-turn';
export { replayAndCheck } from './replay-and-check';
export type { ReplayAndCheckOptions, ReplayAndCheckReport, TurnReplayOutcome } from './replay-and-check';
export { replayStoredSession } from './replay-stored-session';
