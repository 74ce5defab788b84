// Server-only: a token bucket per key, in memory, with a bounded number of keys.
import { createHash } from 'node:crypto';
import { err, ok, type Result, tokensAt, waitForToken, type TokenBucketRule, type TokenBucketState } from '@/lib/runtime';

export type { TokenBucketRule } from '@/lib/runtime';

export type RateLimiterOptions = TokenBucketRule & {
  /** Keys kept at most; past it the least recently used bucket goes first. */
  maxKeys?: number;
  now?: () => number;
};

/** Why a take was refused: the wait until the key's next token. */
export type RateLimitWait = { retryAfterMs: number };

export type RateLimiter = {
  /** Spends one of `key`'s tokens, or says how long until one is back. */
  take(key: string): Result<void, RateLimitWait>;
  /** Keys currently held. */
  size(): number;
};

const DEFAULT_MAX_KEYS = 10_000;
/** Longer keys (an attacker's path parameter, say) are kept as a hash so memory stays bounded. */
const MAX_KEY_CHARS = 100;

/**
 * A token-bucket limiter. A bucket that has refilled is dropped (a fresh one is identical), and
 * the map never holds more than `maxKeys`: evicting a busy bucket only refills it early.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { capacity, refillIntervalMs, maxKeys = DEFAULT_MAX_KEYS, now = Date.now } = options;
  if (!(capacity >= 1 && refillIntervalMs > 0 && maxKeys >= 1)) throw new Error('createRateLimiter needs capacity ≥ 1, refillIntervalMs > 0 and maxKeys ≥ 1.');
  // Map order is least recently used first: every take re-inserts its key at the end.
  const buckets = new Map<string, TokenBucketState>();
  const rule: TokenBucketRule = { capacity, refillIntervalMs };

  const evict = (time: number) => {
    for (const [key, bucket] of buckets) {
      if (buckets.size <= maxKeys && tokensAt(bucket, rule, time) < capacity) break;
      buckets.delete(key);
    }
  };

  return {
    take(rawKey) {
      const key = rawKey.length <= MAX_KEY_CHARS ? rawKey : `#${createHash('sha256').update(rawKey).digest('base64url')}`;
      const time = now();
      const existing = buckets.get(key);
      const tokens = existing ? tokensAt(existing, rule, time) : capacity;
      buckets.delete(key);
      if (tokens < 1) {
        buckets.set(key, { tokens, updatedAt: time });
        return err({ retryAfterMs: waitForToken(tokens, rule) });
      }
      buckets.set(key, { tokens: tokens - 1, updatedAt: time });
      evict(time);
      return ok(undefined);
    },
    size: () => buckets.size,
  };
}
