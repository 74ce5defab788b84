// Server-only: the request limits of every instance on one DATABASE_URL, counted in PostgreSQL.
import { err, ok } from '@/lib/runtime';
import type { SqlLimitStore } from './create-sql-limit-store';
import { createLimitFallback, type LimitFallback } from './create-limit-fallback';
import { hashClientAddress } from './hash-client-address';
import { describeRateLimitRefusal, REQUEST_LIMITS } from './rate-limits';
import type { RequestRateLimiters } from './request-rate-limiters';

export type SharedRateLimitersOptions = {
  /** The shared store (opened lazily; a failure to open is a failure like any other). */
  openStore: () => Promise<SqlLimitStore>;
  /** This instance's own limiters, used while the database fails. */
  local: RequestRateLimiters;
  fallback?: LimitFallback;
  now?: () => number;
};

/** Takes between sweeps of buckets nobody touched for `IDLE_BUCKET_MS` (a full bucket is the same as none). */
const TAKES_PER_SWEEP = 1_000;
/** Longer than any limit's full refill (a minute), so a swept bucket was full. */
const IDLE_BUCKET_MS = 10 * 60 * 1000;

/**
 * The limits of `REQUEST_LIMITS`, one bucket per limit and key for all instances: a take is one
 * upsert (keys are stored hashed, never as addresses). While the database fails, each instance
 * falls back to its own limiters (`createLimitFallback`).
 */
export function createSharedRateLimiters(options: SharedRateLimitersOptions): RequestRateLimiters {
  const { openStore, local, fallback = createLimitFallback(), now = Date.now } = options;
  let takesSinceSweep = 0;
  return {
    take(limit, key) {
      return fallback.run(
        async () => {
          const store = await openStore();
          const time = now();
          const taken = await store.take(limit, hashClientAddress(key), REQUEST_LIMITS[limit], time);
          takesSinceSweep += 1;
          if (takesSinceSweep >= TAKES_PER_SWEEP) {
            takesSinceSweep = 0;
            store.sweepBuckets(time - IDLE_BUCKET_MS).catch((error: unknown) => console.error('Shared limits: sweeping idle buckets failed:', error));
          }
          return taken.granted ? ok(undefined) : err(describeRateLimitRefusal(limit, taken.retryAfterMs));
        },
        () => local.take(limit, key),
      );
    },
  };
}
