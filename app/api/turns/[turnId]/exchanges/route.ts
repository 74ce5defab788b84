import { readTurnExchanges } from '@/lib/server/read-turn-exchanges';
import { getTurnRegistry } from '@/lib/server/turn-registry';
import { getSessionStore } from '@/lib/sessions/get-session-store';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ exchanges }`: every raw request and response of a turn, live while it runs; 404 with the reason when unknown. */
export async function GET(_request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const { turnId } = await context.params;
  const response = respondWithSessionResult(await readTurnExchanges(turnId, { registry: getTurnRegistry(), openStore: getSessionStore }));
  // A running turn's tape grows, so no cache may keep an early copy.
  response.headers.set('cache-control', 'no-store');
  return response;
}
