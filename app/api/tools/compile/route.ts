import { compileInPool, getSandboxPool } from '@/lib/sandbox/pool';
import { readClientAddress, jsonError, readJsonBody, renderCompileResponse, respondTooManyRequests, BODY_LIMITS } from '@/lib/server/http';
import { takeRouteRateLimit } from '@/lib/server/admission';
import { compileRequestSchema } from '@/lib/contract';

export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const admitted = await takeRouteRateLimit('POST /api/tools/compile', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const body = await readJsonBody(request, compileRequestSchema, BODY_LIMITS.compile);
  if (!body.ok) return jsonError(body.status, body.error);
  const compiled = await compileInPool(getSandboxPool(), body.value.source);
  if (!compiled.ok) return jsonError(503, compiled.error.message);
  return new Response(renderCompileResponse(compiled.value), { headers: { 'content-type': 'application/json' } });
}
