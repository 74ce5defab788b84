// Server-only: with every shared turn slot held, one newcomer's lease in place of a waiting turn's.
import type { SqlQuery } from '@/lib/sessions/store';
import type { HeldSlot } from './pick-slot-to-yield';

/** A lease as slot fairness sees it: `turnId` is the lease id, `clientId` the hash of its address. */
export type TakeOverRequest = {
  leaseId: string;
  clientKey: string;
  now: number;
  expiresAt: number;
  perClient: number;
  total: number;
  /** Which held slot gives way to `clientKey` (`pickSlotToYield`), or none. */
  pick: (slots: readonly HeldSlot[], newcomer: string) => HeldSlot | undefined;
};

/**
 * `acquired`: a slot was free after all; `took-over`: `yielded` (another instance's turn, or this
 * one's) lost its lease to the newcomer, whose lease is in place in the same transaction, so no
 * other waiter can take the freed slot before the newcomer does.
 */
export type TakeOverOutcome =
  | { kind: 'acquired' }
  | { kind: 'took-over'; yielded: HeldSlot; slots: readonly HeldSlot[] }
  | { kind: 'per-address' }
  | { kind: 'total' };

/** The same lock `acquire_turn_lease` takes, so take-overs and admissions of every instance queue on it. */
const TURN_LEASE_LOCK_KEY = 7_202_603;

/**
 * Counts the leases, picks the one to yield and swaps it for the newcomer's under the admissions'
 * lock (a few statements, run only when the slots are full). A lease counts as waiting from the
 * `waiting_since` its instance last wrote; a turn that went back to work clears it at once.
 */
export async function takeOverTurnLease(query: SqlQuery, request: TakeOverRequest): Promise<TakeOverOutcome> {
  await query('SELECT pg_advisory_xact_lock($1)', [TURN_LEASE_LOCK_KEY]);
  await query('DELETE FROM turn_leases WHERE expires_at <= $1', [request.now]);
  const rows = await query<{ id: string; client_key: string; waiting_since: string | null }>('SELECT id, client_key, waiting_since FROM turn_leases');
  const slots = rows.map(
    (row): HeldSlot => ({
      turnId: row.id,
      clientId: row.client_key,
      stoppable: row.waiting_since !== null,
      ...(row.waiting_since === null ? {} : { waitingSince: Number(row.waiting_since) }),
    }),
  );
  if (slots.filter((slot) => slot.clientId === request.clientKey).length >= request.perClient) return { kind: 'per-address' };
  const insert = () => query('INSERT INTO turn_leases (id, client_key, expires_at) VALUES ($1, $2, $3)', [request.leaseId, request.clientKey, request.expiresAt]);
  if (slots.length < request.total) {
    await insert();
    return { kind: 'acquired' };
  }
  const yielded = request.pick(slots, request.clientKey);
  if (!yielded) return { kind: 'total' };
  await query('DELETE FROM turn_leases WHERE id = $1', [yielded.turnId]);
  await insert();
  return { kind: 'took-over', yielded, slots };
}
