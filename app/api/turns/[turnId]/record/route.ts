import { readTurnRecord } from '@/lib/server/read-turn-record';
import { jsonError } from '@/lib/server/read-json-body';
import { readTurnControlRequest } from '@/lib/server/turn-control';
import { getTurnRegistry } from '@/lib/server/turn-registry';
import { getSessionStore } from '@/lib/sessions/get-session-store';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ turn }`: a finished turn as stored for sharing, for the client that started it, which keeps it to share the turn later. */
export async function GET(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const response = respondWithSessionResult(await readTurnRecord(turnId, control.token, { registry: getTurnRegistry(), openStore: getSessionStore }));
  response.headers.set('cache-control', 'no-store');
  return response;
}
