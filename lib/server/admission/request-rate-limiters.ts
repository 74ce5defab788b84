// Server-only: one token-bucket limiter per request limit, shared by the route handlers of this process.
import { err, ok, type Result } from '@/lib/runtime';
import { createRateLimiter, type RateLimiter } from './create-rate-limiter';
import { describeRateLimitRefusal, REQUEST_LIMITS, type RateLimitRefusal, type RequestLimitName } from './rate-limits';
import { processSingleton } from '@/lib/contract';

export type RequestRateLimiters = {
  /** Spends one of `key`'s tokens under `limit`, or the refusal to answer with. */
  take(limit: RequestLimitName, key: string): Promise<Result<void, RateLimitRefusal>>;
};

/** Limiters for every entry of `REQUEST_LIMITS`, on `now`'s clock. */
export function createRequestRateLimiters(options: { now?: () => number; maxKeys?: number } = {}): RequestRateLimiters {
  const build = (name: RequestLimitName) => createRateLimiter({ capacity: REQUEST_LIMITS[name].capacity, refillIntervalMs: REQUEST_LIMITS[name].refillIntervalMs, ...options });
  const limiters: Record<RequestLimitName, RateLimiter> = {
    'compiles-per-address': build('compiles-per-address'),
    'tool-details-per-address': build('tool-details-per-address'),
    'session-writes-per-address': build('session-writes-per-address'),
    'session-reads-per-address': build('session-reads-per-address'),
    'replays-per-session': build('replays-per-session'),
    'replays-per-address': build('replays-per-address'),
    'compares-per-address': build('compares-per-address'),
    'trace-exports-per-address': build('trace-exports-per-address'),
    'provider-checks-per-address': build('provider-checks-per-address'),
    'mcp-listings-per-address': build('mcp-listings-per-address'),
  };
  return {
    async take(limit, key) {
      const taken = limiters[limit].take(key);
      return taken.ok ? ok(undefined) : err(describeRateLimitRefusal(limit, taken.error.retryAfterMs));
    },
  };
}

/** One set per server process, surviving hot reloads in development. */
export const getRequestRateLimiters: () => RequestRateLimiters = processSingleton('request-rate-limiters', createRequestRateLimiters);
