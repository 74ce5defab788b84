/** A bucket holds `capacity` tokens (the burst) and regains one every `refillIntervalMs`. */
export type TokenBucketRule = { capacity: number; refillIntervalMs: number };

/** What a bucket held when it was last spent from. */
export type TokenBucketState = { tokens: number; updatedAt: number };

/** The tokens `bucket` holds at `time`: what it held, plus one per refill interval since, up to its capacity. */
export function tokensAt(bucket: TokenBucketState, rule: TokenBucketRule, time: number): number {
  return Math.min(rule.capacity, bucket.tokens + (time - bucket.updatedAt) / rule.refillIntervalMs);
}

/** Milliseconds until a bucket holding `tokens` holds a whole one (0 when it does). */
export function waitForToken(tokens: number, rule: TokenBucketRule): number {
  return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * rule.refillIntervalMs);
}
