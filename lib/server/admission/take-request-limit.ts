// Server-only: the rate limit a route takes before any work.
import type { Result } from '@/lib/runtime';
import type { RateLimitRefusal, RequestLimitName } from './rate-limits';
import { getRequestRateLimiters } from './request-rate-limiters';
import { getSharedLimits } from './shared-limits';

/** Spends one of `key`'s tokens under `limit` (shared by all instances with DATABASE_URL), or the refusal to answer with. */
export function takeRequestLimit(limit: RequestLimitName, key: string): Promise<Result<void, RateLimitRefusal>> {
  return (getSharedLimits()?.rateLimiters ?? getRequestRateLimiters()).take(limit, key);
}
