import { BODY_LIMITS, jsonError, readScannedBodyText, readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { hashClientAddress, takeRouteRateLimit } from '@/lib/server/admission';
import { getSessionChecker, withSessionStore } from '@/lib/server/sessions';
import { importStoredSession } from '@/lib/sessions/store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Import: an exported session file → stored as a new session → `{ id, url }`. The limit is spent
 * before the body is read; the body's values are counted here and the record is parsed and checked
 * in a sandbox worker (`importStoredSession`).
 */
export async function POST(request: Request): Promise<Response> {
  const address = readClientAddress(request);
  const admitted = await takeRouteRateLimit('POST /api/sessions/import', address);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const text = await readScannedBodyText(request, BODY_LIMITS.import);
  if (!text.ok) return jsonError(text.status, text.error);
  const owner = hashClientAddress(address);
  return respondWithSessionResult(await withSessionStore((store) => importStoredSession(text.value, { store, checker: getSessionChecker(), owner })), 201);
}
