import type { Result, RuntimeEvent } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';
import { createSessionReplay, type TapedTurn } from './create-session-replay';
import type { ReplayReport } from './replay-report';

export type { ReplayReport, TurnReplayVerdict } from './replay-report';

/** Runs one recorded turn again on its tape with its recorded approvals; an error when it cannot start. */
export type ReplayTurnRunner = (turn: TapedTurn) => Promise<Result<RuntimeEvent[], string>>;

/** Re-runs every turn of a session through `runTurnOnTape` and compares the events with the recording. */
export async function replaySession(record: SessionRecord, runTurnOnTape: ReplayTurnRunner): Promise<ReplayReport> {
  const replay = createSessionReplay(record);
  let step = replay.first();
  while (step.kind === 'turn') step = replay.advance(await runTurnOnTape(step.turn));
  return step.report;
}
