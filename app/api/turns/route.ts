import { readClientAddress, jsonError, readRequestBody } from '@/lib/server/http';
import { respondTurnStream, startRequestedTurn } from '@/lib/server/turns';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A turn's events as SSE. `npm start` serves this route with `serveTurnRequest` instead (the same answers, fewer steps). */
export async function POST(request: Request): Promise<Response> {
  const body = await readRequestBody(request, 'turn');
  if (!body.ok) return jsonError(body.status, body.error);
  return respondTurnStream(await startRequestedTurn(body.value, readClientAddress(request)));
}
