import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '@/lib/server/admission/create-rate-limiter';

function createClock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe('createRateLimiter', () => {
  it('allows a burst of `capacity`, then refuses with the wait until the next token', () => {
    const clock = createClock();
    const limiter = createRateLimiter({ capacity: 3, refillIntervalMs: 1000, now: clock.now });
    for (let index = 0; index < 3; index += 1) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, error: { retryAfterMs: 1000 } });
    clock.advance(400);
    expect(limiter.take('a')).toEqual({ ok: false, error: { retryAfterMs: 600 } });
    clock.advance(600);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('refills at the rule rate and never above capacity', () => {
    const clock = createClock();
    const limiter = createRateLimiter({ capacity: 2, refillIntervalMs: 100, now: clock.now });
    limiter.take('a');
    limiter.take('a');
    clock.advance(10_000);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter({ capacity: 1, refillIntervalMs: 60_000, now: () => 0 });
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    expect(limiter.take('b').ok).toBe(true);
  });

  it('drops buckets that have refilled, so idle keys cost no memory', () => {
    const clock = createClock();
    const limiter = createRateLimiter({ capacity: 2, refillIntervalMs: 100, now: clock.now });
    for (let index = 0; index < 50; index += 1) limiter.take(`idle-${index}`);
    expect(limiter.size()).toBe(50);
    clock.advance(100);
    limiter.take('fresh');
    expect(limiter.size()).toBe(1);
  });

  it('holds at most maxKeys buckets, evicting the least recently used', () => {
    const limiter = createRateLimiter({ capacity: 1, refillIntervalMs: 60_000, maxKeys: 3, now: () => 0 });
    for (const key of ['a', 'b', 'c', 'd']) limiter.take(key);
    expect(limiter.size()).toBe(3);
    // `a` was evicted (a fresh bucket); `d` was not.
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('d').ok).toBe(false);
  });

  it('keeps long keys as fixed-size hashes, still apart', () => {
    const limiter = createRateLimiter({ capacity: 1, refillIntervalMs: 60_000, now: () => 0 });
    const long = 'x'.repeat(10_000);
    expect(limiter.take(long).ok).toBe(true);
    expect(limiter.take(long).ok).toBe(false);
    expect(limiter.take(`${long}y`).ok).toBe(true);
  });

  it('refuses a rule that could never admit anything', () => {
    expect(() => createRateLimiter({ capacity: 0, refillIntervalMs: 100 })).toThrow(/capacity/);
    expect(() => createRateLimiter({ capacity: 1, refillIntervalMs: 0 })).toThrow(/refillIntervalMs/);
  });
});
