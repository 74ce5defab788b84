import { readClientAddress, jsonError, readRequestBody } from '@/lib/server/http';
import { respondTurnStream, streamToolCall } from '@/lib/server/turns';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One tool call without a model, through the same path as a model's call; its events as SSE. */
export async function POST(request: Request): Promise<Response> {
  const body = await readRequestBody(request, 'toolCall');
  if (!body.ok) return jsonError(body.status, body.error);
  const result = await streamToolCall({ request: body.value, clientId: readClientAddress(request) });
  return respondTurnStream(result);
}
