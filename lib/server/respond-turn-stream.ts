// Server-only: a started turn (or its refusal) as the route's HTTP response.
import { jsonError } from './read-json-body';
import { respondTooManyRequests } from './respond-too-many-requests';
import type { StreamTurnResult } from './stream-turn';

/** The turn's event stream with its id in `x-turn-id`, or the refusal with its status. */
export function respondTurnStream(result: StreamTurnResult): Response {
  if (!result.ok) return result.refusal ? respondTooManyRequests(result.refusal) : jsonError(result.status, result.error, result.details);
  return new Response(result.stream, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-turn-id': result.turnId },
  });
}
