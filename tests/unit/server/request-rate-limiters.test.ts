import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '@/lib/server/admission/rate-limits';
import { createRequestRateLimiters } from '@/lib/server/admission/request-rate-limiters';
import { respondTooManyRequests } from '@/lib/server/http/respond-too-many-requests';

describe('request rate limits', () => {
  it('allows 20 compiles at once per address, then 10 per second', async () => {
    let time = 0;
    const limiters = createRequestRateLimiters({ now: () => time });
    for (let index = 0; index < 20; index += 1) expect((await limiters.take('compiles-per-address', '192.0.2.1')).ok).toBe(true);
    const refused = (await limiters.take('compiles-per-address', '192.0.2.1'));
    expect(refused).toEqual({
      ok: false,
      error: { limit: 'compiles-per-address', retryAfterSeconds: 1, message: 'Too many compiles from your address: at most 10 per second (bursts of 20). Retry in 1 s.' },
    });
    time += 1000;
    for (let index = 0; index < 10; index += 1) expect((await limiters.take('compiles-per-address', '192.0.2.1')).ok).toBe(true);
    expect((await limiters.take('compiles-per-address', '192.0.2.1')).ok).toBe(false);
  });

  it('allows 6 replays per session per minute and says when the next one is due', async () => {
    let time = 0;
    const limiters = createRequestRateLimiters({ now: () => time });
    for (let index = 0; index < 6; index += 1) expect((await limiters.take('replays-per-session', 'session-a')).ok).toBe(true);
    expect((await limiters.take('replays-per-session', 'session-b')).ok).toBe(true);
    time += 2500;
    const refused = (await limiters.take('replays-per-session', 'session-a'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('This session was replayed too often: at most 6 replays per minute. Retry in 8 s.');
  });

  it('allows 12 replays per address per minute whichever sessions they are of', async () => {
    let time = 0;
    const limiters = createRequestRateLimiters({ now: () => time });
    for (let index = 0; index < 12; index += 1) expect((await limiters.take('replays-per-address', '192.0.2.1')).ok).toBe(true);
    expect((await limiters.take('replays-per-address', '192.0.2.2')).ok).toBe(true);
    const refused = await limiters.take('replays-per-address', '192.0.2.1');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Too many replays from your address: at most 12 per minute. Retry in 5 s.');
    time += 5_000;
    expect((await limiters.take('replays-per-address', '192.0.2.1')).ok).toBe(true);
  });

  it('shares one budget between sharing and importing sessions', async () => {
    const limiters = createRequestRateLimiters({ now: () => 0 });
    for (let index = 0; index < REQUEST_LIMITS['session-writes-per-address'].capacity; index += 1) {
      expect((await limiters.take('session-writes-per-address', '192.0.2.1')).ok).toBe(true);
    }
    const refused = (await limiters.take('session-writes-per-address', '192.0.2.1'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Too many sessions shared or imported from your address: at most 10 per minute. Retry in 6 s.');
  });

  it('answers a refusal with 429, Retry-After in seconds and the reason as { error }', async () => {
    const response = respondTooManyRequests({ limit: 'replays-per-session', retryAfterSeconds: 8, message: 'Replayed too often. Retry in 8 s.' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('8');
    expect(await response.json()).toEqual({ error: 'Replayed too often. Retry in 8 s.', details: { limit: 'replays-per-session', retryAfterSeconds: 8 } });
  });
});
