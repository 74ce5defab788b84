// Server-only: the pool's watchdog, which replaces wedged workers and times out late answers.
import { err } from '@/lib/runtime';
import { isWorkerStuck } from './is-worker-stuck';
import { HEARTBEAT_SLOTS } from './worker-protocol';
import { ranSinceBeat, settleRequest, type WorkerSlot } from './worker-slot';

const WATCHDOG_INTERVAL_MS = 250;
const BOOT_ALLOWANCE_MS = 10_000;

export type WatchOptions = {
  slots: readonly WorkerSlot[];
  /** How long a worker with work may stay silent, unless its requests allow longer. */
  unresponsiveAfterMs: number;
  retire: (slot: WorkerSlot, reason: string) => void;
};

/** The default, unless every pending request is one that may hold the loop longer (the longest of those). */
function allowedSilence(slot: WorkerSlot, unresponsiveAfterMs: number): number {
  let allowed = 0;
  for (const pending of slot.pending.values()) {
    if (pending.silenceMs === undefined) return unresponsiveAfterMs;
    allowed = Math.max(allowed, pending.silenceMs);
  }
  return Math.max(allowed, unresponsiveAfterMs);
}

/** Checks every worker each interval; the returned timer is unref'd and is cleared on close. */
export function watchWorkerSlots({ slots, unresponsiveAfterMs, retire }: WatchOptions): NodeJS.Timeout {
  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const slot of [...slots]) {
      const silentFor = now - Math.max(slot.lastHeard, Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.wallMs)));
      const allowed = slot.ready ? allowedSilence(slot, unresponsiveAfterMs) : BOOT_ALLOWANCE_MS;
      if (slot.pending.size > 0 && silentFor > allowed && isWorkerStuck({ silentForMs: silentFor, ranForMs: ranSinceBeat(slot), allowedMs: allowed })) {
        retire(slot, `The sandbox worker stopped answering for ${silentFor} ms (code that could not be interrupted ran past the CPU budget) and was replaced.`);
        continue;
      }
      for (const [id, pending] of slot.pending) {
        if (pending.deadline <= now) settleRequest(slot, id, err({ code: 'timeout', message: `The sandbox did not answer within ${pending.deadline - pending.startedAt} ms.` }));
      }
    }
  }, WATCHDOG_INTERVAL_MS);
  watchdog.unref();
  return watchdog;
}
