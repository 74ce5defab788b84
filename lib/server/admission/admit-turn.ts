// Server-only: whether one more turn may start now, under the per-address and process-wide caps.
import { err, ok, type Result } from '@/lib/runtime';
import { CONCURRENT_TURN_LIMITS, describeRateLimitRefusal, type RateLimitRefusal } from './rate-limits';
import { countSlotsOf, describeYieldReason, pickSlotToYield, type HeldSlot } from './pick-slot-to-yield';

/** What admission needs of the turn registry: its counts, reservations and the slots it may free. */
export type SlotRegistry = {
  countForClient(clientId: string): number;
  countAll(): number;
  reserve(clientId: string): () => void;
  listHeldSlots(): HeldSlot[];
  yieldSlot(turnId: string, reason: string): boolean;
  now(): number;
};

/**
 * Reserves a slot for a turn of `clientId`, or refuses with the limit it hit. Checking and
 * reserving happen in one synchronous step, so simultaneous requests cannot all slip past the
 * count while their sandboxes start. Release the slot once the turn registered or failed. When
 * every slot is held, a waiting turn of the address holding the most may be stopped to free one.
 */
export function admitTurn(options: { registry: SlotRegistry; clientId: string }): Result<() => void, RateLimitRefusal> {
  const { registry, clientId } = options;
  const retryAfterMs = CONCURRENT_TURN_LIMITS.retryAfterSeconds * 1000;
  if (registry.countForClient(clientId) >= CONCURRENT_TURN_LIMITS.perAddress) return err(describeRateLimitRefusal('concurrent-turns-per-address', retryAfterMs));
  if (registry.countAll() >= CONCURRENT_TURN_LIMITS.total && !yieldSlotTo(registry, clientId)) return err(describeRateLimitRefusal('concurrent-turns-total', retryAfterMs));
  return ok(registry.reserve(clientId));
}

/**
 * With every slot held, frees one for `clientId` by stopping the turn that has waited longest at
 * the address holding the most slots (`pickSlotToYield`); false when no turn may be taken.
 */
function yieldSlotTo(registry: SlotRegistry, clientId: string): boolean {
  const slots = registry.listHeldSlots();
  const slot = pickSlotToYield(slots, clientId);
  if (!slot) return false;
  const waitedSeconds = Math.round((registry.now() - (slot.waitingSince ?? registry.now())) / 1000);
  const reason = describeYieldReason({ total: CONCURRENT_TURN_LIMITS.total, waitedSeconds, heldByAddress: countSlotsOf(slots, slot.clientId) });
  return registry.yieldSlot(slot.turnId, reason);
}
