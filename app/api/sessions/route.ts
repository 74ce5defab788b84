import { readJsonBody, jsonError } from '@/lib/server/read-json-body';
import { readClientAddress } from '@/lib/server/read-client-address';
import { getRequestRateLimiters } from '@/lib/server/request-rate-limiters';
import { respondTooManyRequests } from '@/lib/server/respond-too-many-requests';
import { createSharedSession, shareSessionRequestSchema } from '@/lib/sessions/create-shared-session';
import { withSessionStore } from '@/lib/sessions/get-session-store';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';
import { SESSION_LIMITS } from '@/lib/sessions/session-limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Share: `{ playground, turnIds, title? }` → `{ id, url }`. */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, shareSessionRequestSchema, SESSION_LIMITS.recordBytes);
  if (!body.ok) return jsonError(body.status, body.error);
  const admitted = getRequestRateLimiters().take('session-writes-per-address', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  return respondWithSessionResult(await withSessionStore((store) => createSharedSession(body.value, { store })), 201);
}
