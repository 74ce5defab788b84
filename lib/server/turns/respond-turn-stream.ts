// Server-only: a started turn (or its refusal) as the route's HTTP response.
import { toEventStream } from './create-turn-event-feed';
import { jsonError, respondTooManyRequests } from '../http';
import { TURN_CONTROL_HEADER } from './registry/turn-control';
import type { StreamTurnResult } from './stream-turn';

/**
 * The headers a turn's event stream is answered with (by Next or by the direct route): its id, and
 * the control token only this client gets (approvals, outputs, abort and exchanges send it back).
 */
export function turnStreamHeaders(turnId: string, controlToken: string): Record<string, string> {
  return { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-turn-id': turnId, [TURN_CONTROL_HEADER]: controlToken };
}

/** The turn's event stream with its id in `x-turn-id` and its control token, or the refusal with its status. */
export function respondTurnStream(result: StreamTurnResult): Response {
  if (!result.ok) return result.refusal ? respondTooManyRequests(result.refusal) : jsonError(result.status, result.error, result.details);
  return new Response(toEventStream(result.events), { headers: turnStreamHeaders(result.turnId, result.controlToken) });
}
