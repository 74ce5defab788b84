// Server-only: a turn as POST /api/turns starts it, however the request arrived.
import { saveFinishedTurn } from '@/lib/server/sessions';
import { readModelEnvironment } from './read-model-environment';
import { streamTurn, type StreamTurnResult } from './stream-turn';
import type { TurnRequest } from '@/lib/contract';

/** Starts the requested turn for `clientId` with the operator's model settings; a finished turn is stored for Share. */
export function startRequestedTurn(request: TurnRequest, clientId: string): Promise<StreamTurnResult> {
  return streamTurn({ request, clientId, env: readModelEnvironment(), onFinished: saveFinishedTurn });
}
