// Server-only: rate-limit buckets and turn-slot leases that every instance on one database shares.
import { migrateSessionDatabase } from '@/lib/sessions/store';
import type { SqlClient } from '@/lib/sessions/store';
import { waitForToken, type TokenBucketRule } from '@/lib/runtime';
import { takeOverTurnLease, type TakeOverOutcome, type TakeOverRequest } from './take-over-turn-lease';

/** Whether a token was spent, or how long until the bucket holds one. */
export type SharedTake = { granted: true } | { granted: false; retryAfterMs: number };

/** Whether a slot was leased, or which cap refused it. */
export type LeaseOutcome = 'acquired' | 'per-address' | 'total';

/** A lease this instance holds, and since when its turn waits (undefined: at work, or not stoppable). */
export type HeldLease = { leaseId: string; waitingSince?: number };

export type SqlLimitStore = {
  /** Spends one token of `key`'s bucket under `limiter` at `now`: one upsert. */
  take(limiter: string, key: string, rule: TokenBucketRule, now: number): Promise<SharedTake>;
  /** Leases slot `leaseId` for `clientKey` until `expiresAt` when both caps leave room: one call. */
  acquireLease(lease: { leaseId: string; clientKey: string; now: number; expiresAt: number; perClient: number; total: number }): Promise<LeaseOutcome>;
  /** Moves the expiry of live leases and writes since when each one's turn waits (an instance's heartbeat). */
  renewLeases(leases: readonly HeldLease[], expiresAt: number): Promise<void>;
  /** The lease's turn went back to work: it may no longer be taken. */
  clearWaiting(leaseId: string): Promise<void>;
  /** With every slot held, the newcomer's lease in place of the one `pick` gives up (one transaction). */
  takeOverLease(request: TakeOverRequest): Promise<TakeOverOutcome>;
  releaseLease(leaseId: string): Promise<void>;
  /** An evaluation's slot for `clientKey` until `expiresAt` when the address holds fewer than `perClient` (on every instance): one call. */
  acquireEvaluationLease(lease: { leaseId: string; clientKey: string; now: number; expiresAt: number; perClient: number }): Promise<'acquired' | 'per-address'>;
  renewEvaluationLeases(leaseIds: readonly string[], expiresAt: number): Promise<void>;
  releaseEvaluationLease(leaseId: string): Promise<void>;
  /** Deletes buckets untouched since `before` (a full bucket is the same as none). */
  sweepBuckets(before: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * The token bucket of `create-rate-limiter.ts`, kept in a row: the refill since `updated_at` is
 * added (up to the capacity) and a token taken when one is there, in the statement that reads
 * it, so simultaneous takes on any number of instances queue on the row and never spend one
 * token twice. A clock behind the row's adds nothing rather than taking tokens away.
 */
const TAKE_TOKEN = `
  INSERT INTO rate_limit_buckets AS bucket (limiter, key, tokens, updated_at, granted)
  VALUES ($1, $2, $3::float8 - 1, $5::bigint, true)
  ON CONFLICT (limiter, key) DO UPDATE SET
    tokens = CASE WHEN least($3::float8, bucket.tokens + greatest(0, $5::bigint - bucket.updated_at) / $4::float8) >= 1
                  THEN least($3::float8, bucket.tokens + greatest(0, $5::bigint - bucket.updated_at) / $4::float8) - 1
                  ELSE least($3::float8, bucket.tokens + greatest(0, $5::bigint - bucket.updated_at) / $4::float8) END,
    granted = least($3::float8, bucket.tokens + greatest(0, $5::bigint - bucket.updated_at) / $4::float8) >= 1,
    updated_at = greatest(bucket.updated_at, $5::bigint)
  RETURNING tokens, granted`;

/** A limit store on `client` (PostgreSQL in production); migrates the schema first. */
export async function createSqlLimitStore(client: SqlClient): Promise<SqlLimitStore> {
  await migrateSessionDatabase(client);
  return {
    async take(limiter, key, rule, now) {
      const rows = await client.query<{ tokens: number; granted: boolean }>(TAKE_TOKEN, [limiter, key, rule.capacity, rule.refillIntervalMs, now]);
      const row = rows[0];
      if (!row) throw new Error('The rate-limit upsert returned no row.');
      return row.granted ? { granted: true } : { granted: false, retryAfterMs: waitForToken(Number(row.tokens), rule) };
    },
    async acquireLease({ leaseId, clientKey, now, expiresAt, perClient, total }) {
      const rows = await client.query<{ outcome: LeaseOutcome }>('SELECT acquire_turn_lease($1, $2, $3, $4, $5, $6) AS outcome', [leaseId, clientKey, now, expiresAt, perClient, total]);
      const outcome = rows[0]?.outcome;
      if (outcome !== 'acquired' && outcome !== 'per-address' && outcome !== 'total') throw new Error(`acquire_turn_lease answered ${String(outcome)}.`);
      return outcome;
    },
    async renewLeases(leases, expiresAt) {
      if (leases.length === 0) return;
      await client.query(
        `UPDATE turn_leases AS lease SET expires_at = $1, waiting_since = held.waiting_since
         FROM unnest($2::text[], $3::bigint[]) AS held(id, waiting_since) WHERE lease.id = held.id`,
        [expiresAt, leases.map((lease) => lease.leaseId), leases.map((lease) => lease.waitingSince ?? null)],
      );
    },
    async clearWaiting(leaseId) {
      await client.query('UPDATE turn_leases SET waiting_since = NULL WHERE id = $1', [leaseId]);
    },
    takeOverLease: (request) => client.transaction((query) => takeOverTurnLease(query, request)),
    async releaseLease(leaseId) {
      await client.query('DELETE FROM turn_leases WHERE id = $1', [leaseId]);
    },
    async acquireEvaluationLease({ leaseId, clientKey, now, expiresAt, perClient }) {
      const rows = await client.query<{ outcome: string }>('SELECT acquire_evaluation_lease($1, $2, $3, $4, $5) AS outcome', [leaseId, clientKey, now, expiresAt, perClient]);
      const outcome = rows[0]?.outcome;
      if (outcome !== 'acquired' && outcome !== 'per-address') throw new Error(`acquire_evaluation_lease answered ${String(outcome)}.`);
      return outcome;
    },
    async renewEvaluationLeases(leaseIds, expiresAt) {
      if (leaseIds.length === 0) return;
      await client.query('UPDATE evaluation_leases SET expires_at = $1 WHERE id = ANY($2::text[])', [expiresAt, [...leaseIds]]);
    },
    async releaseEvaluationLease(leaseId) {
      await client.query('DELETE FROM evaluation_leases WHERE id = $1', [leaseId]);
    },
    async sweepBuckets(before) {
      await client.query('DELETE FROM rate_limit_buckets WHERE updated_at < $1', [before]);
    },
    close: () => client.close(),
  };
}
