// Server-only (runs inside a sandbox worker): gives the calling thread a lower CPU priority.
import { setPriority } from 'node:os';
import { SANDBOX_THREAD_NICENESS } from '../pool/worker-protocol';

/**
 * Sets thread `threadId` (the caller's own, from /proc/thread-self) to `SANDBOX_THREAD_NICENESS`.
 * Where there is no thread id (not Linux) every thread keeps the process's priority. Budgets and
 * the watchdog count the CPU time a worker got, not the time it waited, so a worker that yields
 * a core to the HTTP thread is never taken for a spinning or a stuck one.
 */
export function lowerThreadPriority(threadId: number | undefined): void {
  if (threadId === undefined) return;
  try {
    setPriority(threadId, SANDBOX_THREAD_NICENESS);
  } catch (error) {
    // Raising one's own niceness is always allowed on Linux; a system that refuses still works, only less fairly.
    console.warn(`The sandbox worker's priority could not be lowered: ${error instanceof Error ? error.message : String(error)}`);
  }
}
