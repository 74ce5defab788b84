import { jsonError, readJsonBody } from '@/lib/server/http';
import { NOT_YOUR_TURN_MESSAGE, readTurnControlRequest, getTurnRegistry } from '@/lib/server/turns';
import { approvalRequestSchema } from '@/lib/contract';

export const runtime = 'nodejs';

export async function POST(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const body = await readJsonBody(request, approvalRequestSchema);
  if (!body.ok) return jsonError(body.status, body.error);
  const { callId, approved, reason } = body.value;
  const outcome = getTurnRegistry().deliverApproval(turnId, control.token, callId, { approved, reason });
  if (outcome === 'unknown-turn') return jsonError(404, `No running turn ${turnId}.`);
  if (outcome === 'forbidden') return jsonError(403, NOT_YOUR_TURN_MESSAGE);
  if (outcome === 'no-pending-approval') return jsonError(409, `Call ${callId} is not waiting for approval.`);
  return Response.json({ ok: true });
}
