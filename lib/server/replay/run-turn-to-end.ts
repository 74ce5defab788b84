// Server-only: a turn run through the live turn path to its end, its finished record returned.
import { err, ok, type Result } from '@/lib/runtime';
import { streamTurn, toEventStream, type StreamTurnOptions } from '@/lib/server/turns';
import type { FinishedTurn } from '@/lib/contract';

/** Why a turn could not be run to its end: the status the turn path refused it with, when it was refused (429: the client's turn slots are taken). */
export type TurnRunFailure = { message: string; status?: number };

/**
 * Runs a turn whose every answer is known beforehand (a tape, a script, recorded approvals and
 * outputs) to its end and returns what it left behind: its tape and events. Nothing is stored.
 * `subject` leads its errors (`The replay could not start (503): …`).
 */
export async function runTurnToEnd(options: Omit<StreamTurnOptions, 'onFinished' | 'env'>, subject = 'The turn'): Promise<Result<FinishedTurn, TurnRunFailure>> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    ...options,
    env: {},
    onFinished: (result) => {
      finished = result;
    },
  });
  if (!started.ok) return err({ status: started.status, message: `${subject} could not start (${started.status}): ${started.error}` });
  // The stream closes only after onFinished ran, so draining it is waiting for the turn.
  const reader = toEventStream(started.events).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  return finished ? ok(finished) : err({ message: `${subject} ended without finishing the turn.` });
}
