import { readTurnExchanges, respondTurnRead, getTurnRegistry } from '@/lib/server/turns';
import { getSessionStore } from '@/lib/server/sessions';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ exchanges }`: every raw request and response of a turn, live while it runs, for the client that started it. */
export async function GET(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  return respondTurnRead(request, context, (turnId, token) => readTurnExchanges(turnId, token, { registry: getTurnRegistry(), openStore: getSessionStore }));
}
