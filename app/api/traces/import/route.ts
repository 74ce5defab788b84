import { BODY_LIMITS, jsonError, readScannedBodyText, readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { hashClientAddress, takeRouteRateLimit } from '@/lib/server/admission';
import { getSessionChecker, withSessionStore } from '@/lib/server/sessions';
import { importTraceSession } from '@/lib/server/traces';
import { getSandboxPool } from '@/lib/sandbox/pool';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Import a trace: an OTLP JSON trace (or an OpenAI Agents export) → a stored session →
 * `{ id, url, format, notes }`. Bounded like a session import: the limit is spent before the body is
 * read, its values are counted here, and the trace is read in a sandbox worker.
 */
export async function POST(request: Request): Promise<Response> {
  const address = readClientAddress(request);
  const admitted = await takeRouteRateLimit('POST /api/traces/import', address);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const text = await readScannedBodyText(request, BODY_LIMITS.import);
  if (!text.ok) return jsonError(text.status, text.error);
  const owner = hashClientAddress(address);
  return respondWithSessionResult(await withSessionStore((store) => importTraceSession(text.value, { store, checker: getSessionChecker(), pool: getSandboxPool(), owner, clientId: address })), 201);
}
