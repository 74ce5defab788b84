import { readClientAddress, jsonError, readRequestBody, respondWithSessionResult } from '@/lib/server/http';
import { readModelEnvironment, respondTurnStream, streamTurn } from '@/lib/server/turns';
import { saveFinishedTurn } from '@/lib/server/sessions';
import { withSessionStore } from '@/lib/server/sessions';
import { readForkedTurn } from '@/lib/replay/server';
import { getSandboxPool, createPooledSessionTextRunner } from '@/lib/sandbox/pool';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Runs a recorded turn again with something changed (an output, the module, the model, a setting)
 * and streams its events like `POST /api/turns`: the recording answers the model requests while
 * they match it, the live model from the first that does not. MCP servers are connected again with
 * the tab's headers (from the body), their recorded calls answering the same calls.
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  const body = await readRequestBody(request, 'fork');
  if (!body.ok) return jsonError(body.status, body.error);
  const forked = await withSessionStore((store) => readForkedTurn(id, body.value, { store, run: createPooledSessionTextRunner(getSandboxPool()) }));
  if (!forked.ok) return respondWithSessionResult(forked);
  const result = await streamTurn({
    request: forked.value.request,
    forkTape: forked.value.tape,
    ...(forked.value.mcp ? { mcpForkTape: forked.value.mcp } : {}),
    clientId: readClientAddress(request),
    env: readModelEnvironment(),
    onFinished: saveFinishedTurn,
  });
  return respondTurnStream(result);
}
