import { jsonError } from '@/lib/server/http';
import { NOT_YOUR_TURN_MESSAGE, readTurnControlRequest, getTurnRegistry } from '@/lib/server/turns';

export const runtime = 'nodejs';

export async function POST(request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const outcome = getTurnRegistry().abort(turnId, control.token);
  if (outcome === 'unknown-turn') return jsonError(404, `No running turn ${turnId}.`);
  if (outcome === 'forbidden') return jsonError(403, NOT_YOUR_TURN_MESSAGE);
  return Response.json({ ok: true });
}
