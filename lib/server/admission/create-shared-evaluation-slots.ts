// Server-only: evaluation slots of every instance on one DATABASE_URL, as leases in PostgreSQL.
import { randomBytes } from 'node:crypto';
import { ok } from '@/lib/runtime';
import type { SqlLimitStore } from './create-sql-limit-store';
import { createLeaseHeartbeat } from './create-lease-heartbeat';
import { createLimitFallback, type LimitFallback } from './create-limit-fallback';
import { hashClientAddress } from './hash-client-address';

/** An evaluation slot across instances: the release once the evaluation ended, or `per-address` when the address holds its share already. */
export type SharedEvaluationSlots = {
  acquire(clientId: string, perAddress: number): Promise<{ ok: true; value: () => void } | { ok: false; error: 'per-address' }>;
  /** Leases this instance holds now. */
  held(): number;
  /** Stops the heartbeat (the leases it held expire on their own). */
  close(): void;
};

export type SharedEvaluationSlotsOptions = {
  openStore: () => Promise<SqlLimitStore>;
  fallback?: LimitFallback;
  now?: () => number;
  /** A lease not renewed for this long is free: what a crashed instance's evaluations hold at most. */
  leaseTtlMs?: number;
  renewEveryMs?: number;
};

const DEFAULT_LEASE_TTL_MS = 30_000;
const DEFAULT_RENEW_EVERY_MS = 10_000;

/**
 * An address's running evaluations for all instances together, counted like turn slots: admitting
 * one is one call (`acquire_evaluation_lease`: count and insert under one lock), its end deletes
 * its lease, and a heartbeat renews the leases of running evaluations so those of an instance that
 * died free themselves within the lease's lifetime. While the database fails, only the instance's
 * own count applies (`createLimitFallback`): an evaluation admitted then holds no lease.
 */
export function createSharedEvaluationSlots(options: SharedEvaluationSlotsOptions): SharedEvaluationSlots {
  const { openStore, fallback = createLimitFallback(), now = Date.now, leaseTtlMs = DEFAULT_LEASE_TTL_MS, renewEveryMs = DEFAULT_RENEW_EVERY_MS } = options;
  const leases = new Set<string>();
  const heartbeat = createLeaseHeartbeat(() => void fallback.run(async () => (await openStore()).renewEvaluationLeases([...leases], now() + leaseTtlMs), () => undefined), renewEveryMs);
  const release = (leaseId: string) => {
    if (!leases.delete(leaseId)) return;
    heartbeat.holding(leases.size);
    openStore()
      .then((store) => store.releaseEvaluationLease(leaseId))
      .catch((error: unknown) => console.error(`Shared limits: releasing an evaluation slot failed (it frees itself within ${leaseTtlMs / 1000} s):`, error));
  };
  return {
    acquire(clientId, perAddress) {
      return fallback.run(
        async () => {
          const time = now();
          const leaseId = randomBytes(12).toString('base64url');
          const outcome = await (await openStore()).acquireEvaluationLease({ leaseId, clientKey: hashClientAddress(clientId), now: time, expiresAt: time + leaseTtlMs, perClient: perAddress });
          if (outcome === 'per-address') return { ok: false as const, error: 'per-address' as const };
          leases.add(leaseId);
          heartbeat.holding(leases.size);
          return ok(() => release(leaseId));
        },
        () => ok(() => undefined),
      );
    },
    held: () => leases.size,
    close() {
      leases.clear();
      heartbeat.holding(0);
    },
  };
}
