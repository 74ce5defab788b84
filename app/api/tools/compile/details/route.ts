import { peekCompiledModule } from '@/lib/sandbox/pool';
import { readClientAddress, jsonError, readJsonBody, renderToolDetails, respondTooManyRequests } from '@/lib/server/http';
import { takeRouteRateLimit } from '@/lib/server/admission';
import { toolDetailsRequestSchema } from '@/lib/contract';

export const runtime = 'nodejs';

/** Tools' details (schemas, strict findings) from a compile answer this server still holds, by the answer's moduleKey. */
export async function POST(request: Request): Promise<Response> {
  const admitted = await takeRouteRateLimit('POST /api/tools/compile/details', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const body = await readJsonBody(request, toolDetailsRequestSchema);
  if (!body.ok) return jsonError(body.status, body.error);
  const answer = peekCompiledModule(body.value.moduleKey);
  if (!answer) return jsonError(404, 'This compile answer is no longer held by the server: compile the module again, then ask for its details.');
  const outOfRange = body.value.indexes.find((index) => index >= answer.tools.length);
  if (outOfRange !== undefined) return jsonError(400, `Invalid request: indexes: the module has ${answer.tools.length} tools; there is no tool ${outOfRange}.`);
  const indexes = [...new Set(body.value.indexes)];
  return new Response(renderToolDetails(answer, indexes), { headers: { 'content-type': 'application/json' } });
}
