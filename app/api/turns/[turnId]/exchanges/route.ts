import { readTurnExchanges } from '@/lib/server/read-turn-exchanges';
import { jsonError } from '@/lib/server/read-json-body';
import { readTurnControlRequest } from '@/lib/server/turn-control';
import { getTurnRegistry } from '@/lib/server/turn-registry';
import { getSessionStore } from '@/lib/sessions/get-session-store';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ exchanges }`: every raw request and response of a turn, live while it runs, for the client that started it. */
export async function GET(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const response = respondWithSessionResult(await readTurnExchanges(turnId, control.token, { registry: getTurnRegistry(), openStore: getSessionStore }));
  // A running turn's tape grows, so no cache may keep an early copy.
  response.headers.set('cache-control', 'no-store');
  return response;
}
