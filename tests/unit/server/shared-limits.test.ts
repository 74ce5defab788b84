import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimitFallback } from '@/lib/server/admission/create-limit-fallback';
import { createSharedEvaluationSlots } from '@/lib/server/admission/create-shared-evaluation-slots';
import { createSharedRateLimiters } from '@/lib/server/admission/create-shared-rate-limiters';
import { createSharedTurnSlots } from '@/lib/server/admission/create-shared-turn-slots';
import { createSqlLimitStore, type SqlLimitStore } from '@/lib/server/admission/create-sql-limit-store';
import { hashClientAddress } from '@/lib/server/admission/hash-client-address';
import { createRequestRateLimiters } from '@/lib/server/admission/request-rate-limiters';
import { createTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createPostgresTurnBus, type PostgresTurnBus } from '@/lib/server/turns';
import { createPostgresClient } from '@/lib/sessions/store/create-postgres-client';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { POSTGRES_SKIP_NOTE, TEST_DATABASE_URL } from '../sessions/session-fixtures';

const describePostgres = TEST_DATABASE_URL ? describe : describe.skip;

/** Two instances: each its own pool on one database (a fresh schema, dropped afterwards). */
async function openTwoInstances(url: string): Promise<{ stores: [SqlLimitStore, SqlLimitStore]; inspect: SqlClient; close(): Promise<void> }> {
  const schema = `limits_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = createPostgresClient(url);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const scoped = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const first = await createSqlLimitStore(createPostgresClient(scoped, { maxConnections: 4, timeoutMs: 5_000 }));
  const second = await createSqlLimitStore(createPostgresClient(scoped, { maxConnections: 4, timeoutMs: 5_000 }));
  const inspect = createPostgresClient(scoped);
  return {
    stores: [first, second],
    inspect,
    async close() {
      await Promise.all([first.close(), second.close(), inspect.close()]);
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

describePostgres(`limits shared through PostgreSQL${POSTGRES_SKIP_NOTE}`, () => {
  let instances: Awaited<ReturnType<typeof openTwoInstances>>;
  let time = Date.UTC(2026, 0, 10);
  const now = () => time;

  beforeAll(async () => {
    instances = await openTwoInstances(TEST_DATABASE_URL!);
  }, 60_000);
  afterAll(async () => {
    await instances.close();
  });

  const limitersOf = (store: SqlLimitStore) => createSharedRateLimiters({ openStore: async () => store, local: createRequestRateLimiters({ now }), now });

  it('counts one budget per address on two instances, refills it with time, and keeps addresses apart', async () => {
    const [a, b] = instances.stores.map(limitersOf);
    for (let index = 0; index < 10; index += 1) expect((await (index % 2 ? a : b)!.take('session-writes-per-address', '192.0.2.1')).ok).toBe(true);
    expect(await a!.take('session-writes-per-address', '192.0.2.1')).toEqual({
      ok: false,
      error: { limit: 'session-writes-per-address', retryAfterSeconds: 6, message: 'Too many sessions shared or imported from your address: at most 10 per minute. Retry in 6 s.' },
    });
    expect((await b!.take('session-writes-per-address', '192.0.2.1')).ok).toBe(false);
    expect((await b!.take('session-writes-per-address', '192.0.2.2')).ok, 'another address').toBe(true);
    time += 6_000;
    expect((await b!.take('session-writes-per-address', '192.0.2.1')).ok, 'one token back after 6 s').toBe(true);
    expect((await a!.take('session-writes-per-address', '192.0.2.1')).ok).toBe(false);
    time += 60_000;
    for (let index = 0; index < 10; index += 1) expect((await (index % 2 ? b : a)!.take('session-writes-per-address', '192.0.2.1')).ok).toBe(true);
    expect((await a!.take('session-writes-per-address', '192.0.2.1')).ok).toBe(false);
    // The database keeps hashes, not addresses.
    const keys = await instances.inspect.query<{ key: string }>('SELECT key FROM rate_limit_buckets');
    expect(keys.map((row) => row.key).join(' ')).not.toContain('192.0.2');
  });

  it('never grants more than the burst to simultaneous takes from both instances', async () => {
    const [a, b] = instances.stores.map(limitersOf);
    const taken = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b)!.take('compiles-per-address', '198.51.100.7')));
    expect(taken.filter((result) => result.ok)).toHaveLength(20);
  });

  it('shares the turn slots: per address and in all, released when a turn ends', async () => {
    const slots = instances.stores.map((store) => createSharedTurnSlots({ openStore: async () => store, now, limits: { perAddress: 4, total: 6 } }));
    const [a, b] = slots as [(typeof slots)[0], (typeof slots)[0]];
    try {
      const held = await Promise.all([a.acquire('x'), b.acquire('x'), a.acquire('x'), b.acquire('x'), a.acquire('x'), b.acquire('x')]);
      expect(held.filter((result) => result.ok)).toHaveLength(4);
      const refused = held.find((result) => !result.ok);
      expect(refused).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-per-address', retryAfterSeconds: 5 } });
      expect((await a.acquire('y')).ok).toBe(true);
      expect((await b.acquire('y')).ok).toBe(true);
      expect(await b.acquire('z')).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
      const mine = held.find((result) => result.ok);
      if (!mine?.ok) throw new Error('no slot was held');
      mine.value();
      await expect.poll(async () => (await b.acquire('z')).ok).toBe(true);
      expect(a.held() + b.held()).toBe(6);
    } finally {
      a.close();
      b.close();
      await instances.inspect.query('DELETE FROM turn_leases');
    }
  });

  it("frees a crashed instance's slots once their leases expire, and keeps a live instance's renewed", async () => {
    const crashed = createSharedTurnSlots({ openStore: async () => instances.stores[0], now, leaseTtlMs: 30_000 });
    const alive = createSharedTurnSlots({ openStore: async () => instances.stores[0], now, leaseTtlMs: 30_000, renewEveryMs: 20 });
    const other = createSharedTurnSlots({ openStore: async () => instances.stores[1], now });
    try {
      for (let index = 0; index < 4; index += 1) expect((await crashed.acquire('w')).ok).toBe(true);
      expect(await other.acquire('w')).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-per-address' } });
      crashed.close();
      for (let index = 0; index < 4; index += 1) expect((await alive.acquire('v')).ok).toBe(true);
      time += 31_000;
      // The heartbeat renews the live instance's leases from the new time on.
      const renewed = async () => Number((await instances.inspect.query<{ expires: string }>('SELECT min(expires_at) AS expires FROM turn_leases WHERE client_key = $1', [hashClientAddress('v')]))[0]?.expires);
      await expect.poll(renewed).toBeGreaterThanOrEqual(time);
      expect((await other.acquire('w')).ok, 'the crashed instance never renewed').toBe(true);
      time += 20_000;
      expect(await other.acquire('v')).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-per-address' } });
    } finally {
      alive.close();
      other.close();
      await instances.inspect.query('DELETE FROM turn_leases');
    }
  });

  it("counts an address's evaluations on every instance, apart from its turns; a crashed instance's free themselves", async () => {
    const first = createSharedEvaluationSlots({ openStore: async () => instances.stores[0], now, leaseTtlMs: 30_000 });
    const second = createSharedEvaluationSlots({ openStore: async () => instances.stores[1], now, leaseTtlMs: 30_000, renewEveryMs: 20 });
    const turns = createSharedTurnSlots({ openStore: async () => instances.stores[1], now });
    try {
      const running = await first.acquire('e', 1);
      expect(running.ok).toBe(true);
      expect(await second.acquire('e', 1), 'the same address on the other instance').toEqual({ ok: false, error: 'per-address' });
      expect((await turns.acquire('e')).ok, 'its turn slots are its own').toBe(true);
      const other = await second.acquire('f', 1);
      expect(other.ok, 'another address').toBe(true);
      if (running.ok) running.value();
      await expect.poll(async () => (await second.acquire('e', 1)).ok, { timeout: 5_000 }).toBe(true);
      // The second instance now holds e's and f's and renews them; the first holds g's and crashes.
      expect((await first.acquire('g', 1)).ok).toBe(true);
      first.close();
      time += 31_000;
      const renewed = async () => Number((await instances.inspect.query<{ expires: string }>('SELECT min(expires_at) AS expires FROM evaluation_leases WHERE client_key = $1', [hashClientAddress('f')]))[0]?.expires);
      await expect.poll(renewed).toBeGreaterThanOrEqual(time);
      expect((await second.acquire('g', 1)).ok, 'the crashed instance never renewed').toBe(true);
      expect(await first.acquire('f', 1), 'a live instance keeps its leases').toEqual({ ok: false, error: 'per-address' });
      expect(second.held()).toBe(3);
    } finally {
      first.close();
      second.close();
      turns.close();
      await instances.inspect.query('DELETE FROM evaluation_leases');
      await instances.inspect.query('DELETE FROM turn_leases');
    }
  });
});

describePostgres(`fair turn slots across instances${POSTGRES_SKIP_NOTE}`, () => {
  let instances: Awaited<ReturnType<typeof openTwoInstances>>;
  let buses: PostgresTurnBus[] = [];
  let time = Date.UTC(2026, 0, 11);
  const now = () => time;

  beforeAll(async () => {
    instances = await openTwoInstances(TEST_DATABASE_URL!);
    const channel = `fair_slots_test_${Math.floor(Math.random() * 1e9)}`;
    buses = [createPostgresTurnBus({ connectionString: TEST_DATABASE_URL!, channel }), createPostgresTurnBus({ connectionString: TEST_DATABASE_URL!, channel })];
    await Promise.all(buses.map((bus) => bus.ready));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await instances.close();
  });

  /** One app instance: its registry on the bus, its slots on its own pool, wired as `startWhenAdmitted` wires them. */
  const instance = (index: 0 | 1) => {
    const registry = createTurnRegistry({ bus: buses[index], now });
    const slots = createSharedTurnSlots({
      openStore: async () => instances.stores[index],
      now,
      leaseTtlMs: 600_000,
      renewEveryMs: 20,
      limits: { perAddress: 4, total: 4 },
    });
    const stopped = new Map<string, string>();
    const start = async (clientId: string, turnId: string) => {
      const slot = await slots.acquire(clientId, { id: turnId, requestYield: (yielded, reason) => registry.requestYield(yielded, reason) });
      if (!slot.ok) return slot;
      registry.register(turnId, clientId, new AbortController());
      registry.setStop(turnId, (reason) => stopped.set(turnId, reason));
      registry.whenEnded(turnId, slot.value);
      registry.whenWaitingChanges(turnId, (waitingSince) => slots.noteWaiting(turnId, waitingSince));
      return slot;
    };
    return { registry, slots, stopped, start };
  };
  const leases = async () =>
    (await instances.inspect.query<{ id: string; waiting_since: string | null }>('SELECT id, waiting_since FROM turn_leases ORDER BY id')).map((row) => `${row.id}${row.waiting_since === null ? '' : ' waiting'}`);

  it("lets a newcomer on one instance take the longest-waiting slot of a hogging address on another, the freed lease its own", async () => {
    const a = instance(0);
    const b = instance(1);
    try {
      for (const turnId of ['turn_h1', 'turn_h2', 'turn_h3']) expect((await a.start('203.0.113.66', turnId)).ok).toBe(true);
      expect((await b.start('198.51.100.1', 'turn_q1')).ok).toBe(true);
      a.registry.noteWaiting('turn_h1', true);
      time += 1_000;
      a.registry.noteWaiting('turn_h2', true);
      // A turn back at work is no longer takeable, without waiting for the next heartbeat.
      await expect.poll(leases).toEqual(['turn_h1 waiting', 'turn_h2 waiting', 'turn_h3', 'turn_q1']);
      a.registry.noteWaiting('turn_h2', false);
      await expect.poll(leases).toEqual(['turn_h1 waiting', 'turn_h2', 'turn_h3', 'turn_q1']);
      time += 41_000;

      expect((await b.start('192.0.2.10', 'turn_n1')).ok, 'the newcomer on instance B').toBe(true);
      // The lease changed hands in one transaction: nobody polling meanwhile could take it.
      expect(await leases()).toEqual(['turn_h2', 'turn_h3', 'turn_n1', 'turn_q1']);
      expect(await a.start('192.0.2.20', 'turn_r1'), 'a later visitor finds no waiting turn to take').toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
      await expect.poll(() => a.stopped.get('turn_h1')).toBe(
        'The server was running its maximum of 4 turns and a visitor holding fewer needed one: this turn had waited 42 s on a tool call or a person, the longest of the 3 turns your address held, and was stopped to free its slot.',
      );
      expect([...a.stopped.keys()], 'only the waiting turn was stopped').toEqual(['turn_h1']);
      expect(a.registry.countForClient('203.0.113.66')).toBe(2);
      a.registry.unregister('turn_h1');
      expect(await a.start('192.0.2.20', 'turn_r2'), 'the yielded turn ending frees nothing more').toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
      expect(await leases()).toEqual(['turn_h2', 'turn_h3', 'turn_n1', 'turn_q1']);
    } finally {
      a.slots.close();
      b.slots.close();
      await instances.inspect.query('DELETE FROM turn_leases');
    }
  });

  it('refuses a newcomer when no address holds two slots more than it does', async () => {
    const a = instance(0);
    const b = instance(1);
    try {
      for (const [index, clientId] of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].entries()) expect((await (index % 2 ? a : b).start(clientId, `turn_${index}`)).ok).toBe(true);
      for (let index = 0; index < 4; index += 1) (index % 2 ? a : b).registry.noteWaiting(`turn_${index}`, true);
      await expect.poll(async () => (await leases()).filter((lease) => lease.endsWith('waiting')).length).toBe(4);
      expect(await b.start('192.0.2.5', 'turn_new')).toMatchObject({ ok: false, error: { limit: 'concurrent-turns-total' } });
      expect(a.stopped.size + b.stopped.size).toBe(0);
    } finally {
      a.slots.close();
      b.slots.close();
      await instances.inspect.query('DELETE FROM turn_leases');
    }
  });
});

describe('shared limits while the database fails', () => {
  it("apply this instance's own limits, log once, and try the database again after the cooldown", async () => {
    let time = 0;
    const log = vi.fn();
    const openStore = vi.fn(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    const fallback = createLimitFallback({ now: () => time, log, cooldownMs: 5_000 });
    const limiters = createSharedRateLimiters({ openStore, local: createRequestRateLimiters({ now: () => time }), fallback, now: () => time });
    for (let index = 0; index < 20; index += 1) expect((await limiters.take('compiles-per-address', '192.0.2.1')).ok).toBe(true);
    expect((await limiters.take('compiles-per-address', '192.0.2.1')).ok, 'the local burst is spent').toBe(false);
    expect(openStore).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      'Shared limits: PostgreSQL failed (connect ECONNREFUSED 127.0.0.1:5432); each instance applies its own in-memory limits until it answers again.',
    );
    const slots = createSharedTurnSlots({ openStore, fallback, now: () => time });
    expect((await slots.acquire('192.0.2.1')).ok, 'a turn is admitted under the local caps').toBe(true);
    time += 5_000;
    await limiters.take('compiles-per-address', '192.0.2.1');
    expect(openStore).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
