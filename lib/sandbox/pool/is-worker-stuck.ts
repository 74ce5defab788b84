/** What the watchdog knows of a worker with work in flight. */
export type WorkerSilence = {
  /** Since its last heartbeat or message. */
  silentForMs: number;
  /** CPU time its thread ran since that heartbeat; Infinity where it cannot be read. */
  ranForMs: number;
  /** How long it may stay silent with the work it has. */
  allowedMs: number;
};

/**
 * Stuck: silent past its allowance while running the whole time (code that cannot be
 * interrupted). A worker that was silent because it waited for a core is not.
 */
export function isWorkerStuck({ silentForMs, ranForMs, allowedMs }: WorkerSilence): boolean {
  return silentForMs > allowedMs && ranForMs > allowedMs;
}
