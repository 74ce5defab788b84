import { readTurnRecord } from '@/lib/server/read-turn-record';
import { respondTurnRead } from '@/lib/server/respond-turn-read';
import { getTurnRegistry } from '@/lib/server/turn-registry';
import { getSessionStore } from '@/lib/sessions/get-session-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ turn }`: a finished turn as stored for sharing, for the client that started it, which keeps it to share the turn later. */
export async function GET(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  return respondTurnRead(request, context, (turnId, token) => readTurnRecord(turnId, token, { registry: getTurnRegistry(), openStore: getSessionStore }));
}
