// Server-only: checking assertions on a replay that runs on the server's turn path.
import { replayAndCheck, type ReplayAndCheckOptions } from '@/lib/replay/server';
import { runTurnOnTape } from './run-turn-on-tape';

/** `replayAndCheck` with every turn run on its tape through the server's turn path: what an exported test runs. */
export function checkReplayOnTape(options: Omit<ReplayAndCheckOptions, 'runTurn'>) {
  return replayAndCheck({ ...options, runTurn: (turn) => runTurnOnTape(turn, 'assertion-replay') });
}
