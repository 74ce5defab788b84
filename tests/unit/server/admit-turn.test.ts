import { describe, expect, it } from 'vitest';
import { admitTurn } from '@/lib/server/admit-turn';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/rate-limits';
import { createTurnRegistry } from '@/lib/server/turn-registry';

describe('admitTurn', () => {
  it(`admits ${CONCURRENT_TURN_LIMITS.perAddress} turns per address, counting reserved ones, then refuses with 5 s`, () => {
    const registry = createTurnRegistry();
    const releases = Array.from({ length: CONCURRENT_TURN_LIMITS.perAddress }, () => admitTurn({ registry, clientId: '192.0.2.1' }));
    expect(releases.every((admission) => admission.ok)).toBe(true);
    const refused = admitTurn({ registry, clientId: '192.0.2.1' });
    expect(refused).toEqual({
      ok: false,
      error: {
        limit: 'concurrent-turns-per-address',
        retryAfterSeconds: 5,
        message: 'At most 4 turns may run at once from your address; stop one or wait for one to finish. Retry in 5 s.',
      },
    });
    expect(admitTurn({ registry, clientId: '192.0.2.2' }).ok).toBe(true);
  });

  it('frees the slot on release, and counts registered turns like reserved ones', () => {
    const registry = createTurnRegistry();
    const first = admitTurn({ registry, clientId: 'a' });
    if (!first.ok) throw new Error('first turn refused');
    registry.register('turn_1', 'a', new AbortController());
    first.value();
    expect(registry.countForClient('a')).toBe(1);
    registry.unregister('turn_1');
    expect(registry.countForClient('a')).toBe(0);
    expect(registry.countAll()).toBe(0);
  });

  it(`refuses past ${CONCURRENT_TURN_LIMITS.total} turns in the process, whoever asks`, () => {
    const registry = createTurnRegistry();
    for (let index = 0; index < CONCURRENT_TURN_LIMITS.total; index += 1) expect(admitTurn({ registry, clientId: `client-${index}` }).ok).toBe(true);
    const refused = admitTurn({ registry, clientId: 'late' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.limit).toBe('concurrent-turns-total');
      expect(refused.error.message).toBe('The server is running its maximum of 64 turns at once. Retry in 5 s.');
    }
  });
});
