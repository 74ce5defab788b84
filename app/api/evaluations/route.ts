import { readClientAddress, respondTooManyRequests } from '@/lib/server/http';
import { takeRouteRateLimit } from '@/lib/server/admission';
import { serveEvaluationRequest } from '@/lib/server/evaluations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Starts an evaluation (`evaluationRequestSchema`) and streams its events as SSE; closing the stream stops it. The limit is spent before the body is read. */
export async function POST(request: Request): Promise<Response> {
  const address = readClientAddress(request);
  const admitted = await takeRouteRateLimit('POST /api/evaluations', address);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  return serveEvaluationRequest(request, address);
}
