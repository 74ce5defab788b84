// Server-only: encodes a rate-limit refusal as the route's HTTP response.
import { jsonError } from './read-json-body';
import type { RateLimitRefusal } from '../admission';

/** 429 with `Retry-After` (seconds) and `{ error, details: { limit, retryAfterSeconds } }`. */
export function respondTooManyRequests(refusal: RateLimitRefusal): Response {
  const response = jsonError(429, refusal.message, { limit: refusal.limit, retryAfterSeconds: refusal.retryAfterSeconds });
  response.headers.set('retry-after', String(refusal.retryAfterSeconds));
  return response;
}
