// Server-only: whether one more turn may start now, under the per-address and process-wide caps.
import { err, ok, type Result } from '@/lib/runtime/result';
import { CONCURRENT_TURN_LIMITS, describeRateLimitRefusal, type RateLimitRefusal } from './rate-limits';
import type { TurnRegistry } from './turn-registry';

/**
 * Reserves a slot for a turn of `clientId`, or refuses with the limit it hit. Checking and
 * reserving happen in one synchronous step, so simultaneous requests cannot all slip past the
 * count while their sandboxes start. Release the slot once the turn registered or failed.
 */
export function admitTurn(options: { registry: Pick<TurnRegistry, 'countForClient' | 'countAll' | 'reserve'>; clientId: string }): Result<() => void, RateLimitRefusal> {
  const { registry, clientId } = options;
  const retryAfterMs = CONCURRENT_TURN_LIMITS.retryAfterSeconds * 1000;
  if (registry.countForClient(clientId) >= CONCURRENT_TURN_LIMITS.perAddress) return err(describeRateLimitRefusal('concurrent-turns-per-address', retryAfterMs));
  if (registry.countAll() >= CONCURRENT_TURN_LIMITS.total) return err(describeRateLimitRefusal('concurrent-turns-total', retryAfterMs));
  return ok(registry.reserve(clientId));
}
