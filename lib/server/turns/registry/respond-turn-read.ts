// Server-only: the GET routes that read a turn for the client that started it.
import type { Result } from '@/lib/runtime';
import type { SessionError } from '@/lib/sessions';
import { jsonError, respondWithSessionResult } from '../../http';
import { readTurnControlRequest } from './turn-control';

/**
 * Checks the request's `turn-control-token` (same-origin only), reads the turn with it and answers
 * as JSON that no cache may keep (a running turn's reads change as it goes).
 */
export async function respondTurnRead<T>(request: Request, context: { params: Promise<{ turnId: string }> }, read: (turnId: string, token: string) => Promise<Result<T, SessionError>>): Promise<Response> {
  const control = readTurnControlRequest(request.headers);
  if (!control.ok) return jsonError(control.error.status, control.error.message);
  const { turnId } = await context.params;
  const response = respondWithSessionResult(await read(turnId, control.token));
  response.headers.set('cache-control', 'no-store');
  return response;
}
