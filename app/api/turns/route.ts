import { readClientAddress } from '@/lib/server/read-client-address';
import { jsonError, readJsonBody } from '@/lib/server/read-json-body';
import { respondTurnStream } from '@/lib/server/respond-turn-stream';
import { startRequestedTurn } from '@/lib/server/start-requested-turn';
import { TURN_LIMITS, turnRequestSchema } from '@/lib/server/turn-request';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A turn's events as SSE. `npm start` serves this route with `serveTurnRequest` instead (the same answers, fewer steps). */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, turnRequestSchema, TURN_LIMITS.bodyBytes);
  if (!body.ok) return jsonError(body.status, body.error);
  return respondTurnStream(await startRequestedTurn(body.value, readClientAddress(request)));
}
