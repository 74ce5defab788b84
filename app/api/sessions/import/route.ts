import { z } from 'zod';
import { jsonError, readJsonBody } from '@/lib/server/read-json-body';
import { readClientAddress } from '@/lib/server/read-client-address';
import { getRequestRateLimiters } from '@/lib/server/request-rate-limiters';
import { respondTooManyRequests } from '@/lib/server/respond-too-many-requests';
import { withSessionStore } from '@/lib/sessions/get-session-store';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';
import { SESSION_LIMITS } from '@/lib/sessions/session-limits';
import { importSessionRecord } from '@/lib/sessions/store-session-record';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The record itself is validated (and migrated) by `importSessionRecord`; here only its outer shape. */
const exportedSessionSchema = z.record(z.string(), z.unknown());

/** Import: an exported session file → stored as a new session → `{ id, url }`. */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, exportedSessionSchema, SESSION_LIMITS.recordBytes);
  if (!body.ok) return jsonError(body.status, body.error);
  const admitted = getRequestRateLimiters().take('session-writes-per-address', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  return respondWithSessionResult(await withSessionStore((store) => importSessionRecord(body.value, { store })), 201);
}
