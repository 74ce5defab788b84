import { BODY_LIMITS, jsonError, readJsonBody } from '@/lib/server/http';
import { NOT_YOUR_TURN_MESSAGE, readTurnControlRequest, getTurnRegistry } from '@/lib/server/turns';
import { manualOutputRequestSchema } from '@/lib/contract';

export const runtime = 'nodejs';

/** The output a person typed for a call that waits for one (a tool without execute, or answered by hand). */
export async function POST(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const body = await readJsonBody(request, manualOutputRequestSchema, BODY_LIMITS.output);
  if (!body.ok) return jsonError(body.status, body.error);
  const { callId, output } = body.value;
  const outcome = getTurnRegistry().deliverOutput(turnId, control.token, callId, output);
  if (outcome === 'unknown-turn') return jsonError(404, `No running turn ${turnId}.`);
  if (outcome === 'forbidden') return jsonError(403, NOT_YOUR_TURN_MESSAGE);
  if (outcome === 'no-pending-output') return jsonError(409, `Call ${callId} is not waiting for an output.`);
  return Response.json({ ok: true });
}
