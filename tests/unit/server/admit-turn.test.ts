import { describe, expect, it } from 'vitest';
import { admitTurn } from '@/lib/server/admission/admit-turn';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { createTurnRegistry } from '@/lib/server/turns/registry/turn-registry';

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

  it('frees a slot for an address holding none by stopping the longest-waiting turn of the address holding the most', () => {
    let clock = 1_000;
    const registry = createTurnRegistry({ now: () => clock });
    const stopped: { turnId: string; reason: string }[] = [];
    // 15 addresses hold 4 turns each, a 16th holds 3 and one more turn is at work (not waiting).
    let index = 0;
    const start = (clientId: string, waiting: boolean) => {
      const admitted = admitTurn({ registry, clientId });
      if (!admitted.ok) throw new Error(admitted.error.message);
      const turnId = `turn_${index++}`;
      registry.register(turnId, clientId, new AbortController());
      registry.setStop(turnId, (reason) => stopped.push({ turnId, reason }));
      admitted.value();
      if (waiting) registry.noteWaiting(turnId, true);
      clock += 10;
      return turnId;
    };
    for (let address = 0; address < 16; address += 1) for (let turn = 0; turn < 4; turn += 1) start(`10.0.0.${address}`, !(address === 15 && turn === 3));
    expect(registry.countAll()).toBe(CONCURRENT_TURN_LIMITS.total);
    // The longest-waiting turn of the addresses holding 4 (all do) is the first one started.
    const admitted = admitTurn({ registry, clientId: 'innocent' });
    expect(admitted.ok).toBe(true);
    expect(stopped.map((entry) => entry.turnId)).toEqual(['turn_0']);
    expect(stopped[0]!.reason).toBe(
      'The server was running its maximum of 64 turns and a visitor holding fewer needed one: this turn had waited 1 s on a tool call or a person, the longest of the 4 turns your address held, and was stopped to free its slot.',
    );
    expect(registry.countForClient('10.0.0.0')).toBe(3);
  });

  it('takes no slot from an address that would then hold fewer than the newcomer, nor from a turn at work', () => {
    const registry = createTurnRegistry();
    let index = 0;
    for (let address = 0; address < CONCURRENT_TURN_LIMITS.total; address += 1) {
      const turnId = `turn_${index++}`;
      registry.register(turnId, `10.0.${address >> 8}.${address & 255}`, new AbortController());
      registry.setStop(turnId, () => {
        throw new Error('no turn may be stopped');
      });
      registry.noteWaiting(turnId, true);
    }
    expect(admitTurn({ registry, clientId: 'innocent' })).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
    const busy = createTurnRegistry();
    for (let turn = 0; turn < CONCURRENT_TURN_LIMITS.total; turn += 1) {
      busy.register(`turn_${turn}`, `10.1.0.${turn % 16}`, new AbortController());
      busy.setStop(`turn_${turn}`, () => {
        throw new Error('a turn at work may not be stopped');
      });
    }
    expect(admitTurn({ registry: busy, clientId: 'innocent' })).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
  });
});
