// Server-only: every limit on how often and how much at once a visitor may ask for work, and its message.
import type { TokenBucketRule } from './create-rate-limiter';

/** The request limits, each a token bucket per key. */
export type RequestLimitName =
  | 'compiles-per-address'
  | 'tool-details-per-address'
  | 'session-writes-per-address'
  | 'session-reads-per-address'
  | 'replays-per-session'
  | 'replays-per-address'
  | 'compares-per-address'
  | 'trace-exports-per-address'
  | 'provider-checks-per-address'
  | 'mcp-listings-per-address';

/** Every limit a request can be refused by with 429. */
export type RateLimitName = RequestLimitName | 'concurrent-turns-per-address' | 'concurrent-turns-total';

/** A request refused by a limit: which one, the words the user sees, and when a retry can succeed. */
export type RateLimitRefusal = { limit: RateLimitName; message: string; retryAfterSeconds: number };

type RequestLimit = TokenBucketRule & { describe: string };

/** Compiles are per keystroke pause, so they get a burst; shares and imports store data, replays run turns. */
export const REQUEST_LIMITS = {
  'compiles-per-address': { capacity: 20, refillIntervalMs: 100, describe: 'Too many compiles from your address: at most 10 per second (bursts of 20).' },
  'tool-details-per-address': { capacity: 60, refillIntervalMs: 50, describe: 'Too many tool details asked for from your address: at most 20 per second (bursts of 60).' },
  'session-writes-per-address': { capacity: 10, refillIntervalMs: 6_000, describe: 'Too many sessions shared or imported from your address: at most 10 per minute.' },
  // Opening a shared page reads it twice (the page, then its record): 30 pages a minute, in bursts of 30.
  'session-reads-per-address': { capacity: 60, refillIntervalMs: 1_000, describe: 'Too many sessions opened from your address: at most 60 reads per minute (a page counts twice).' },
  'replays-per-session': { capacity: 6, refillIntervalMs: 10_000, describe: 'This session was replayed too often: at most 6 replays per minute.' },
  // A replay runs every turn of its record (a sandbox worker holds and compares the record): bounded per requester too, so many sessions do not multiply it.
  'replays-per-address': { capacity: 12, refillIntervalMs: 5_000, describe: 'Too many replays from your address: at most 12 per minute.' },
  // A comparison parses two stored records (5 MB each) and lines them up in a sandbox worker.
  'compares-per-address': { capacity: 10, refillIntervalMs: 1_000, describe: 'Too many comparisons from your address: at most 1 per second (bursts of 10).' },
  // An export parses a stored record (up to 5 MB) and converts it in a sandbox worker, like a comparison.
  'trace-exports-per-address': { capacity: 10, refillIntervalMs: 1_000, describe: 'Too many trace exports from your address: at most 1 per second (bursts of 10).' },
  // A check opens a connection to a server the visitor names and waits up to 5 s for it.
  'provider-checks-per-address': { capacity: 10, refillIntervalMs: 3_000, describe: 'Too many provider checks from your address: at most 20 per minute (bursts of 10).' },
  // A listing connects to a server the visitor names and reads every page of its tools (up to 45 s).
  'mcp-listings-per-address': { capacity: 10, refillIntervalMs: 3_000, describe: 'Too many MCP server listings from your address: at most 20 per minute (bursts of 10).' },
} as const satisfies Record<RequestLimitName, RequestLimit>;

/** Turns running at once. A slot frees when a turn ends, which no clock predicts: retry after a short wait. */
export const CONCURRENT_TURN_LIMITS = {
  perAddress: 4,
  total: 64,
  retryAfterSeconds: 5,
} as const;

/** The refusal for `limit`, its message ending with when to retry. */
export function describeRateLimitRefusal(limit: RateLimitName, retryAfterMs: number): RateLimitRefusal {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return { limit, retryAfterSeconds, message: `${describeLimit(limit)} Retry in ${retryAfterSeconds} s.` };
}

function describeLimit(limit: RateLimitName): string {
  switch (limit) {
    case 'concurrent-turns-per-address':
      return `At most ${CONCURRENT_TURN_LIMITS.perAddress} turns may run at once from your address; stop one or wait for one to finish.`;
    case 'concurrent-turns-total':
      return `The server is running its maximum of ${CONCURRENT_TURN_LIMITS.total} turns at once.`;
    default:
      return REQUEST_LIMITS[limit].describe;
  }
}
