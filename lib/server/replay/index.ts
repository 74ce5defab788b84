// Server-only: replays run on the server's turn path (lib/replay takes the turn runner injected).
export { checkReplayOnTape } from './check-replay-on-tape';
export { runTurnOnTape } from './run-turn-on-tape';
export { runTurnToEnd } from './run-turn-to-end';
