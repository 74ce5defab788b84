import { BODY_LIMITS, jsonError, readJsonBody } from '@/lib/server/http';
import { NOT_YOUR_TURN_MESSAGE, readTurnControlRequest, getTurnRegistry } from '@/lib/server/turns';
import { elicitationAnswerRequestSchema } from '@/lib/contract';

export const runtime = 'nodejs';

/** A person's answer to a question an MCP server asked while a call of the turn (or a direct call) runs. */
export async function POST(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const body = await readJsonBody(request, elicitationAnswerRequestSchema, BODY_LIMITS.small);
  if (!body.ok) return jsonError(body.status, body.error);
  const outcome = getTurnRegistry().deliverElicitation(turnId, control.token, body.value);
  if (outcome === 'unknown-turn') return jsonError(404, `No running turn ${turnId}.`);
  if (outcome === 'forbidden') return jsonError(403, NOT_YOUR_TURN_MESSAGE);
  if (outcome === 'no-pending-elicitation') return jsonError(409, `Question ${body.value.elicitationId} is not waiting for an answer.`);
  if (typeof outcome === 'object') {
    const described = outcome.invalid.map((issue) => `${issue.path || '/'}: ${issue.message}`).join('; ');
    return jsonError(422, `The answer does not fit the requested form, so it was not sent: ${described}`, { issues: outcome.invalid });
  }
  return Response.json({ ok: true });
}
