import { readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { withSessionStore } from '@/lib/server/sessions';
import { readSessionBody } from '@/lib/sessions/store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The session record as stored, byte for byte (checked when it was written; never parsed here):
 * 404 for an unknown id, 400 for a malformed one. Records are immutable, so caches may keep it a while.
 */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const admitted = await takeRequestLimit('session-reads-per-address', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const { id } = await context.params;
  const body = await withSessionStore((store) => readSessionBody(id, store));
  if (!body.ok) return respondWithSessionResult(body);
  return new Response(body.value, { headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } });
}
