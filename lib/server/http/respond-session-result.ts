// Server-only: encodes a session operation's outcome as the route's HTTP response.
import type { Result } from '@/lib/runtime';
import { statusForSessionError, type SessionError } from '@/lib/sessions';

/** The value as JSON with `status`, or `{ error }` with the status its code maps to. */
export function respondWithSessionResult<T>(result: Result<T, SessionError>, status = 200): Response {
  if (result.ok) return Response.json(result.value, { status });
  const failed = statusForSessionError(result.error);
  // A 503 is a full sandbox pool or a database that went away: both usually answer again within seconds.
  const headers = failed === 503 ? { 'retry-after': '2' } : undefined;
  return Response.json({ error: result.error.message, code: result.error.code }, { status: failed, headers });
}
