// Server-only: turn slots of every instance on one DATABASE_URL, as leases in PostgreSQL.
import { randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@/lib/runtime/result';
import type { SqlLimitStore } from './create-sql-limit-store';
import { createLimitFallback, type LimitFallback } from './create-limit-fallback';
import { hashClientAddress } from './hash-client-address';
import { CONCURRENT_TURN_LIMITS, describeRateLimitRefusal, type RateLimitRefusal } from './rate-limits';

/** A slot for one turn across instances, or the cap that refused it; call the release once the turn ended. */
export type SharedTurnSlots = {
  acquire(clientId: string): Promise<Result<() => void, RateLimitRefusal>>;
  /** Leases this instance holds now. */
  held(): number;
  /** Stops the heartbeat (the leases it held expire on their own). */
  close(): void;
};

export type SharedTurnSlotsOptions = {
  openStore: () => Promise<SqlLimitStore>;
  fallback?: LimitFallback;
  now?: () => number;
  /** A lease not renewed for this long is free: what a crashed instance's turns hold at most. */
  leaseTtlMs?: number;
  /** How often this instance renews the leases of its running turns. */
  renewEveryMs?: number;
  limits?: { perAddress: number; total: number };
};

const DEFAULT_LEASE_TTL_MS = 30_000;
const DEFAULT_RENEW_EVERY_MS = 10_000;

/**
 * The caps of `CONCURRENT_TURN_LIMITS` for all instances together: admitting a turn is one call
 * (`acquire_turn_lease`: count and insert under one lock), its end deletes its lease, and a
 * heartbeat renews the leases of running turns so those of an instance that died free themselves
 * within the lease's lifetime. While the database fails, only the instance's own caps apply
 * (`createLimitFallback`): a turn admitted then holds no lease.
 */
export function createSharedTurnSlots(options: SharedTurnSlotsOptions): SharedTurnSlots {
  const { openStore, fallback = createLimitFallback(), now = Date.now, leaseTtlMs = DEFAULT_LEASE_TTL_MS, renewEveryMs = DEFAULT_RENEW_EVERY_MS } = options;
  const limits = options.limits ?? CONCURRENT_TURN_LIMITS;
  const retryAfterMs = CONCURRENT_TURN_LIMITS.retryAfterSeconds * 1000;
  const leases = new Set<string>();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const renew = () => {
    void fallback.run(
      async () => (await openStore()).renewLeases([...leases], now() + leaseTtlMs),
      () => undefined,
    );
  };
  const startHeartbeat = () => {
    if (heartbeat) return;
    heartbeat = setInterval(renew, renewEveryMs);
    heartbeat.unref();
  };
  const stopHeartbeatWhenIdle = () => {
    if (leases.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };
  const release = (leaseId: string) => {
    if (!leases.delete(leaseId)) return;
    stopHeartbeatWhenIdle();
    openStore()
      .then((store) => store.releaseLease(leaseId))
      .catch((error: unknown) => console.error(`Shared limits: releasing a turn slot failed (it frees itself within ${leaseTtlMs / 1000} s):`, error));
  };

  return {
    acquire(clientId) {
      return fallback.run<Result<() => void, RateLimitRefusal>>(
        async () => {
          const store = await openStore();
          const leaseId = randomBytes(12).toString('base64url');
          const time = now();
          const outcome = await store.acquireLease({
            leaseId,
            clientKey: hashClientAddress(clientId),
            now: time,
            expiresAt: time + leaseTtlMs,
            perClient: limits.perAddress,
            total: limits.total,
          });
          if (outcome === 'per-address') return err(describeRateLimitRefusal('concurrent-turns-per-address', retryAfterMs));
          if (outcome === 'total') return err(describeRateLimitRefusal('concurrent-turns-total', retryAfterMs));
          leases.add(leaseId);
          startHeartbeat();
          return ok(() => release(leaseId));
        },
        () => ok(() => undefined),
      );
    },
    held: () => leases.size,
    close() {
      leases.clear();
      stopHeartbeatWhenIdle();
    },
  };
}
