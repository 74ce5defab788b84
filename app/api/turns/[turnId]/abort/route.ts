import { jsonError } from '@/lib/server/read-json-body';
import { getTurnRegistry } from '@/lib/server/turn-registry';

export const runtime = 'nodejs';

export async function POST(_request: Request, context: { params: Promise<{ turnId: string }> }): Promise<Response> {
  const { turnId } = await context.params;
  if (!getTurnRegistry().abort(turnId)) return jsonError(404, `No running turn ${turnId}.`);
  return Response.json({ ok: true });
}
