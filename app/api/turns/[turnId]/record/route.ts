import { readTurnRecord, respondTurnRead, getTurnRegistry } from '@/lib/server/turns';
import { getSessionStore } from '@/lib/server/sessions';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ turn }`: a finished turn as stored for sharing, for the client that started it, which keeps it to share the turn later. */
export async function GET(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  return respondTurnRead(request, context, (turnId, token) => readTurnRecord(turnId, token, { registry: getTurnRegistry(), openStore: getSessionStore }));
}
