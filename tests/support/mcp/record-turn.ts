import type { FinishedTurn } from '@/lib/contract';
import { streamTurn, toEventStream, type StreamTurnOptions } from '@/lib/server/turns';

/** Runs a turn through the server's turn stream to its end and returns what it leaves behind (a fork's too, with `forkTape`). */
export async function recordTurn(options: Omit<StreamTurnOptions, 'onFinished' | 'env'> & { env?: StreamTurnOptions['env'] }): Promise<FinishedTurn> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    env: {},
    ...options,
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!started.ok) throw new Error(started.error);
  const reader = toEventStream(started.events).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  if (!finished) throw new Error('The turn did not finish.');
  return finished;
}
