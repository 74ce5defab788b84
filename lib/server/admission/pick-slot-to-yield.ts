// Server-only: which running turn gives its slot up when the server is full and another address needs one.
/** A running turn as slot fairness sees it: whose it is, since when it waits, whether it can be stopped. */
export type HeldSlot = { turnId: string; clientId: string; waitingSince?: number; stoppable: boolean };

/**
 * When every turn slot is held, the turn that yields to `newcomer`: of the addresses holding at
 * least two slots more than `newcomer` does, the one holding the most; of its turns, the one that
 * has waited longest (on a tool call or a person; a turn at work is never taken). None when no
 * address holds that many more, so slots are never taken from an address that would then hold
 * fewer than the newcomer, and a crowd of addresses holding one slot each is simply refused.
 */
export function pickSlotToYield(slots: readonly HeldSlot[], newcomer: string): HeldSlot | undefined {
  const held = new Map<string, number>();
  for (const slot of slots) held.set(slot.clientId, (held.get(slot.clientId) ?? 0) + 1);
  const floor = (held.get(newcomer) ?? 0) + 2;
  const candidates = slots.filter((slot) => slot.stoppable && slot.waitingSince !== undefined && (held.get(slot.clientId) ?? 0) >= floor);
  candidates.sort((a, b) => (held.get(b.clientId) ?? 0) - (held.get(a.clientId) ?? 0) || (a.waitingSince ?? 0) - (b.waitingSince ?? 0));
  return candidates[0];
}

/** The reason a turn that gave its slot up ends with: how long it waited, how many slots its address held. */
export function describeYieldReason(yielded: { total: number; waitedSeconds: number; heldByAddress: number }): string {
  return `The server was running its maximum of ${yielded.total} turns and a visitor holding fewer needed one: this turn had waited ${yielded.waitedSeconds} s on a tool call or a person, the longest of the ${yielded.heldByAddress} turns your address held, and was stopped to free its slot.`;
}

/** Held slots by address, for the message a yielded turn ends with. */
export function countSlotsOf(slots: readonly HeldSlot[], clientId: string): number {
  return slots.filter((slot) => slot.clientId === clientId).length;
}
