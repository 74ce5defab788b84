import { jsonError, readClientAddress, readRequestBody, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { takeRouteRateLimit, hashClientAddress } from '@/lib/server/admission';
import { createSharedSession } from '@/lib/sessions/store';
import { getSessionChecker, withSessionStore } from '@/lib/server/sessions';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Share: `{ playground, turnIds, title?, forkedFrom?, assertions? }` → `{ id, url }`. The limit is spent before the body is read, whatever becomes of it. */
export async function POST(request: Request): Promise<Response> {
  const address = readClientAddress(request);
  const admitted = await takeRouteRateLimit('POST /api/sessions', address);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const body = await readRequestBody(request, 'share');
  if (!body.ok) return jsonError(body.status, body.error);
  const owner = hashClientAddress(address);
  return respondWithSessionResult(await withSessionStore((store) => createSharedSession(body.value, { store, checker: getSessionChecker(), owner })), 201);
}
