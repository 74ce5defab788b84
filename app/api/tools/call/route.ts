import { readClientAddress } from '@/lib/server/read-client-address';
import { jsonError } from '@/lib/server/read-json-body';
import { readRequestBody } from '@/lib/server/read-request-body';
import { respondTurnStream } from '@/lib/server/respond-turn-stream';
import { streamToolCall } from '@/lib/server/stream-tool-call';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One tool call without a model, through the same path as a model's call; its events as SSE. */
export async function POST(request: Request): Promise<Response> {
  const body = await readRequestBody(request, 'toolCall');
  if (!body.ok) return jsonError(body.status, body.error);
  const result = await streamToolCall({ request: body.value, clientId: readClientAddress(request) });
  return respondTurnStream(result);
}
