import { readClientAddress } from '@/lib/server/read-client-address';
import { readModelEnvironment } from '@/lib/server/read-model-environment';
import { jsonError, readJsonBody } from '@/lib/server/read-json-body';
import { respondTurnStream } from '@/lib/server/respond-turn-stream';
import { saveFinishedTurn } from '@/lib/sessions/finished-turns';
import { streamTurn } from '@/lib/server/stream-turn';
import { TURN_LIMITS, turnRequestSchema } from '@/lib/server/turn-request';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, turnRequestSchema, TURN_LIMITS.bodyBytes);
  if (!body.ok) return jsonError(body.status, body.error);
  const result = await streamTurn({
    request: body.value,
    clientId: readClientAddress(request),
    env: readModelEnvironment(),
    onFinished: saveFinishedTurn,
  });
  return respondTurnStream(result);
}
