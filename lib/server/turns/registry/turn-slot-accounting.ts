// Server-only: how many turn slots each address holds in this process, and which turns may give theirs up.
import type { HeldSlot } from '../../admission';
import type { LiveTurn } from './turn-registry';

/**
 * The counts admission reads (running turns not yet yielded, and reservations of turns whose
 * sandbox is starting), when each turn waits, and yielding a waiting turn's slot.
 */
export function createTurnSlotAccounting(turns: ReadonlyMap<string, LiveTurn>, now: () => number) {
  const counted = () => [...turns.values()].filter((turn) => !turn.yielded);
  // Turns admitted but not yet registered (their sandbox is starting), counted like running ones.
  const reservations = new Set<{ clientId: string }>();
  return {
    /** A wait of the turn (a tool call, an approval, a typed output) began or ended. */
    noteWaiting(turnId: string, waiting: boolean): void {
      const turn = turns.get(turnId);
      if (!turn) return;
      const before = turn.waitingSince;
      turn.waits = Math.max(0, turn.waits + (waiting ? 1 : -1));
      if (turn.waits === 0) turn.waitingSince = undefined;
      else turn.waitingSince ??= now();
      if (turn.waitingSince !== before) for (const listener of turn.onWaitingChange) listener(turn.waitingSince);
    },
    /** Runs `listener` whenever the turn starts waiting (with since when) or stops (undefined). */
    whenWaitingChanges(turnId: string, listener: (waitingSince: number | undefined) => void): void {
      turns.get(turnId)?.onWaitingChange.push(listener);
    },
    /** The counted running turns of this process, each with since when it waits (if it does). */
    listHeldSlots(): HeldSlot[] {
      return [...turns.entries()]
        .filter(([, turn]) => !turn.yielded)
        .map(([turnId, turn]) => ({ turnId, clientId: turn.clientId, stoppable: turn.stop !== undefined, ...(turn.waitingSince === undefined ? {} : { waitingSince: turn.waitingSince }) }));
    },
    /** Stops a running turn with `reason` and stops counting it (and releases its shared lease) at once; its sandbox closes as it ends. */
    yieldSlot(turnId: string, reason: string): boolean {
      const turn = turns.get(turnId);
      if (!turn?.stop || turn.yielded) return false;
      turn.yielded = true;
      turn.stop(reason);
      // Its shared lease goes now too: the slot is the newcomer's from this moment.
      for (const ended of turn.onEnded.splice(0)) ended();
      return true;
    },
    /** What the clock of this registry reads (for how long a yielded turn waited). */
    now,
    /** Counts a turn about to start against `clientId` until the returned release is called. */
    reserve(clientId: string): () => void {
      const reservation = { clientId };
      reservations.add(reservation);
      return () => {
        reservations.delete(reservation);
      };
    },
    /** Running and reserved turns of `clientId`. */
    countForClient(clientId: string): number {
      const running = counted().filter((turn) => turn.clientId === clientId).length;
      return running + [...reservations].filter((reservation) => reservation.clientId === clientId).length;
    },
    /** Running and reserved turns of this process. */
    countAll(): number {
      return counted().length + reservations.size;
    },
  };
}
