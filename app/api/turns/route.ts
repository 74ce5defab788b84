import { readClientAddress } from '@/lib/server/read-client-address';
import { jsonError } from '@/lib/server/read-json-body';
import { readRequestBody } from '@/lib/server/read-request-body';
import { respondTurnStream } from '@/lib/server/respond-turn-stream';
import { startRequestedTurn } from '@/lib/server/start-requested-turn';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A turn's events as SSE. `npm start` serves this route with `serveTurnRequest` instead (the same answers, fewer steps). */
export async function POST(request: Request): Promise<Response> {
  const body = await readRequestBody(request, 'turn');
  if (!body.ok) return jsonError(body.status, body.error);
  return respondTurnStream(await startRequestedTurn(body.value, readClientAddress(request)));
}
