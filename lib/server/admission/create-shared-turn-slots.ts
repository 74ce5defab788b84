// Server-only: turn slots of every instance on one DATABASE_URL, as leases in PostgreSQL.
import { randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@/lib/runtime';
import type { HeldLease, LeaseOutcome, SqlLimitStore } from './create-sql-limit-store';
import { createLeaseHeartbeat } from './create-lease-heartbeat';
import { createLimitFallback, type LimitFallback } from './create-limit-fallback';
import { hashClientAddress } from './hash-client-address';
import { countSlotsOf, describeYieldReason, pickSlotToYield } from './pick-slot-to-yield';
import { CONCURRENT_TURN_LIMITS, describeRateLimitRefusal, type RateLimitRefusal } from './rate-limits';

/** A slot for one turn across instances, or the cap that refused it; call the release once the turn ended. */
export type SharedTurnSlots = {
  /**
   * `turn.id` names the lease, so the instance running the turn can be asked to stop it (a random
   * id without); with `turn.requestYield`, a newcomer finding every slot held may take a waiting
   * turn's (see `SharedTurnSlotsOptions.requestYield`).
   */
  acquire(clientId: string, turn?: TurnOfLease): Promise<Result<() => void, RateLimitRefusal>>;
  /** Since when the turn holding lease `turnId` waits on a tool call or a person (undefined: it works again). */
  noteWaiting(turnId: string, waitingSince: number | undefined): void;
  /** Leases this instance holds now. */
  held(): number;
  /** Stops the heartbeat (the leases it held expire on their own). */
  close(): void;
};

/** The turn a lease is for, and how to stop another turn whose lease it takes. */
export type TurnOfLease = { id: string; requestYield?: (turnId: string, reason: string) => void };

export type SharedTurnSlotsOptions = {
  openStore: () => Promise<SqlLimitStore>;
  fallback?: LimitFallback;
  now?: () => number;
  /** A lease not renewed for this long is free: what a crashed instance's turns hold at most. */
  leaseTtlMs?: number;
  /** How often this instance renews the leases of its running turns (and writes which of them wait). */
  renewEveryMs?: number;
  limits?: { perAddress: number; total: number };
};

const DEFAULT_LEASE_TTL_MS = 30_000;
const DEFAULT_RENEW_EVERY_MS = 10_000;

type LeaseRequest = Parameters<SqlLimitStore['acquireLease']>[0];

/** A lease of this instance: since when its turn waits, and whether the database knows it does. */
type OwnLease = { waitingSince?: number; published: boolean };

/**
 * The caps of `CONCURRENT_TURN_LIMITS` for all instances together: admitting a turn is one call
 * (`acquire_turn_lease`: count and insert under one lock), its end deletes its lease, and a
 * heartbeat renews the leases of running turns so those of an instance that died free themselves
 * within the lease's lifetime. While the database fails, only the instance's own caps apply
 * (`createLimitFallback`): a turn admitted then holds no lease.
 *
 * Fair slots across instances: the heartbeat also writes since when each lease's turn waits. When
 * every slot is held, a newcomer takes the lease of the longest-waiting turn of the address holding
 * the most (`pickSlotToYield` over all instances' leases) in one transaction, so the freed slot is
 * its own and nobody else's, and asks the instance running that turn to stop it (`requestYield`).
 */
export function createSharedTurnSlots(options: SharedTurnSlotsOptions): SharedTurnSlots {
  const { openStore, fallback = createLimitFallback(), now = Date.now, leaseTtlMs = DEFAULT_LEASE_TTL_MS, renewEveryMs = DEFAULT_RENEW_EVERY_MS } = options;
  const limits = options.limits ?? CONCURRENT_TURN_LIMITS;
  const retryAfterMs = CONCURRENT_TURN_LIMITS.retryAfterSeconds * 1000;
  const leases = new Map<string, OwnLease>();

  const logFailure = (what: string) => (error: unknown) => console.error(`Shared limits: ${what} failed:`, error);
  const clearWaiting = (leaseId: string) => {
    openStore()
      .then((store) => store.clearWaiting(leaseId))
      .catch(logFailure('marking a turn slot as at work'));
  };
  const afterRenewal = (renewed: readonly HeldLease[]) => {
    for (const { leaseId, waitingSince } of renewed) {
      const lease = leases.get(leaseId);
      if (!lease || waitingSince === undefined) continue;
      // The turn went back to work while the renewal was on its way: undo what it wrote.
      if (lease.waitingSince === undefined) clearWaiting(leaseId);
      else lease.published = true;
    }
  };
  const renew = () => {
    const held = [...leases].map(([leaseId, lease]): HeldLease => ({ leaseId, ...(lease.waitingSince === undefined ? {} : { waitingSince: lease.waitingSince }) }));
    void fallback.run(
      async () => {
        await (await openStore()).renewLeases(held, now() + leaseTtlMs);
        afterRenewal(held);
      },
      () => undefined,
    );
  };
  const heartbeat = createLeaseHeartbeat(renew, renewEveryMs);
  const release = (leaseId: string) => {
    if (!leases.delete(leaseId)) return;
    heartbeat.holding(leases.size);
    openStore()
      .then((store) => store.releaseLease(leaseId))
      .catch((error: unknown) => console.error(`Shared limits: releasing a turn slot failed (it frees itself within ${leaseTtlMs / 1000} s):`, error));
  };
  const admitted = (leaseId: string): Result<() => void, RateLimitRefusal> => {
    leases.set(leaseId, { published: false });
    heartbeat.holding(leases.size);
    return ok(() => release(leaseId));
  };
  const refused = (limit: 'per-address' | 'total'): Result<() => void, RateLimitRefusal> =>
    err(describeRateLimitRefusal(limit === 'per-address' ? 'concurrent-turns-per-address' : 'concurrent-turns-total', retryAfterMs));

  return {
    acquire(clientId, turn) {
      return fallback.run<Result<() => void, RateLimitRefusal>>(
        async () => {
          const store = await openStore();
          const time = now();
          const lease: LeaseRequest = {
            leaseId: turn?.id ?? randomBytes(12).toString('base64url'),
            clientKey: hashClientAddress(clientId),
            now: time,
            expiresAt: time + leaseTtlMs,
            perClient: limits.perAddress,
            total: limits.total,
          };
          const outcome = await store.acquireLease(lease);
          // Stops the turn whose lease the newcomer took on whichever instance runs it (the turn registry, over its bus).
          const final = outcome === 'total' && turn?.requestYield ? await takeOverWaitingTurn(store, lease, turn.requestYield) : outcome;
          return final === 'acquired' ? admitted(lease.leaseId) : refused(final);
        },
        () => ok(() => undefined),
      );
    },
    noteWaiting(turnId, waitingSince) {
      const lease = leases.get(turnId);
      if (!lease) return;
      lease.waitingSince = waitingSince;
      if (waitingSince !== undefined || !lease.published) return;
      // At work again: no newcomer may take it from now on, not only from the next heartbeat.
      lease.published = false;
      clearWaiting(turnId);
    },
    held: () => leases.size,
    close() {
      leases.clear();
      heartbeat.holding(0);
    },
  };
}

/**
 * Every slot is held: the newcomer's lease takes the place of a waiting turn's (`takeOverLease`),
 * whose instance is asked to stop it with the reason it ends with; or the cap that still refuses.
 */
async function takeOverWaitingTurn(store: SqlLimitStore, lease: LeaseRequest, requestYield: (turnId: string, reason: string) => void): Promise<LeaseOutcome> {
  const outcome = await store.takeOverLease({ ...lease, pick: pickSlotToYield });
  if (outcome.kind === 'per-address' || outcome.kind === 'total') return outcome.kind;
  if (outcome.kind === 'took-over') {
    const { yielded, slots } = outcome;
    const waitedSeconds = Math.round((lease.now - (yielded.waitingSince ?? lease.now)) / 1000);
    requestYield(yielded.turnId, describeYieldReason({ total: lease.total, waitedSeconds, heldByAddress: countSlotsOf(slots, yielded.clientId) }));
  }
  return 'acquired';
}
