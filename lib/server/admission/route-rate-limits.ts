// Server-only: the rate limit each route with a body spends, read by the route and by the body gate alike.
import type { IncomingMessage } from 'node:http';
import type { Result } from '@/lib/runtime';
import type { RateLimitRefusal, RequestLimitName } from './rate-limits';
import { takeRequestLimit } from './take-request-limit';

/**
 * `"<METHOD> <path>"` → its rate limit. The route spends it before reading its body
 * (`takeRouteRateLimit`), and the body gate spends it for a body it refused on that route, so
 * retrying against the gate is not free. Routes without a body spend theirs with `takeRequestLimit`.
 */
export const ROUTE_RATE_LIMITS = {
  'POST /api/tools/compile': 'compiles-per-address',
  'POST /api/tools/compile/details': 'tool-details-per-address',
  'POST /api/sessions': 'session-writes-per-address',
  'POST /api/sessions/import': 'session-writes-per-address',
  'POST /api/traces/import': 'session-writes-per-address',
  'POST /api/evaluations': 'session-writes-per-address',
  'POST /api/providers/check': 'provider-checks-per-address',
  'POST /api/mcp/tools': 'mcp-listings-per-address',
} as const satisfies Record<string, RequestLimitName>;

export type RateLimitedRoute = keyof typeof ROUTE_RATE_LIMITS;

/** Spends one of `key`'s tokens under `route`'s rate limit, or the refusal to answer with. */
export function takeRouteRateLimit(route: RateLimitedRoute, key: string): Promise<Result<void, RateLimitRefusal>> {
  return takeRequestLimit(ROUTE_RATE_LIMITS[route], key);
}

/** The route's rate limit for a request (its path matched exactly, a query string allowed), if it has one. */
export function routeRateLimit(request: Pick<IncomingMessage, 'method' | 'url'>): RequestLimitName | undefined {
  const route = `${request.method ?? ''} ${(request.url ?? '').split('?', 1)[0]}`;
  return Object.hasOwn(ROUTE_RATE_LIMITS, route) ? ROUTE_RATE_LIMITS[route as RateLimitedRoute] : undefined;
}
