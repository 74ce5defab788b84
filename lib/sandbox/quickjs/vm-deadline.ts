// Server-only: the deadlines a QuickJS entry runs under; its CPU budget counts the time it ran.
import { openThreadCpuClock, type ThreadCpuClock } from './thread-cpu-clock';

/**
 * Time a thread may have waited for a core before a CPU deadline moves: below it, the wall clock
 * and the CPU clock disagree by no more than their granularity and the read itself.
 */
const WAIT_SLACK_MS = 20;

/** What the code about to run may use, as epoch-ms wall times from now: its CPU budget's end (if it ran without pause), and a wall deadline. */
export type EntryLimits = { cpuEndsAt: number; wallEndsAt: number };

/** Armed limits, with both clocks when armed (the CPU end moves by any time the thread waits for a core). */
export type VmDeadline = EntryLimits & { armedWall: number; armedCpu: number };

let clock: ThreadCpuClock | undefined;

/** This thread's CPU clock (each worker thread loads its own copy of this module). */
export function threadCpuClock(): ThreadCpuClock {
  clock ??= openThreadCpuClock();
  return clock;
}

/** Limits armed now. */
export function armVmDeadline(limits: EntryLimits, wallNow = Date.now(), cpuNow = threadCpuClock().now()): VmDeadline {
  return { ...limits, armedWall: wallNow, armedCpu: cpuNow };
}

/** The wall time the interrupt handler next looks at the limits. */
export function nextCheckAt(deadline: VmDeadline): number {
  return Math.min(deadline.cpuEndsAt, deadline.wallEndsAt);
}

/**
 * Once the wall clock passed `nextCheckAt`: true when the code is due to be interrupted. A wall
 * deadline is due as it falls. A CPU budget is due only if the thread ran all that time: when it
 * waited for a core meanwhile (sandbox workers run at a lower priority than the HTTP thread, so
 * a busy server makes them wait), the budget's end moves by that wait.
 */
export function isVmDue(deadline: VmDeadline, wallNow: number, cpuNow: number): boolean {
  if (wallNow > deadline.wallEndsAt) return true;
  const waited = wallNow - deadline.armedWall - (cpuNow - deadline.armedCpu);
  if (waited <= WAIT_SLACK_MS) return wallNow > deadline.cpuEndsAt;
  deadline.cpuEndsAt += waited;
  deadline.armedWall = wallNow;
  deadline.armedCpu = cpuNow;
  return wallNow > deadline.cpuEndsAt;
}
