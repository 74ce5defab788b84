// Server-only: how much CPU time a thread of this process has had, where Linux tells (/proc).
import { closeSync, openSync, readlinkSync, readSync } from 'node:fs';

/** Milliseconds of CPU time, or of wall time where the platform cannot tell CPU time. */
export type ThreadCpuClock = {
  /** The thread's Linux id (what `setpriority` and /proc know it by); undefined where there is none. */
  threadId: number | undefined;
  /** True when `now()` counts CPU time; false when it falls back to wall time. */
  measuresCpu: boolean;
  now(): number;
};

const buffer = Buffer.alloc(128);

/** The calling thread's id, from the /proc/thread-self link; undefined off Linux. */
export function readOwnThreadId(): number | undefined {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

/**
 * A clock of the calling thread's CPU time (`/proc/self/task/<id>/schedstat`: nanoseconds on a
 * CPU, ~4 µs a read). A thread that is runnable but waits for a core, as a niced sandbox worker
 * does while the HTTP thread is busy, does not advance it. Off Linux it is the wall clock.
 */
export function openThreadCpuClock(): ThreadCpuClock {
  const threadId = readOwnThreadId();
  const descriptor = threadId === undefined ? undefined : openSchedstat(threadId);
  if (descriptor === undefined) return { threadId, measuresCpu: false, now: () => performance.now() };
  return { threadId, measuresCpu: true, now: () => readRunMs(descriptor) };
}

/** CPU milliseconds thread `threadId` of this process has had so far; undefined when it is gone or Linux does not say. */
export function readThreadCpuMs(threadId: number): number | undefined {
  const descriptor = openSchedstat(threadId);
  if (descriptor === undefined) return undefined;
  try {
    return readRunMs(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

function openSchedstat(threadId: number): number | undefined {
  try {
    return openSync(`/proc/self/task/${threadId}/schedstat`, 'r');
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

/** The first field of schedstat: time spent on a CPU, in nanoseconds. */
function readRunMs(descriptor: number): number {
  const length = readSync(descriptor, buffer, 0, buffer.length, 0);
  const end = buffer.indexOf(0x20);
  return Number(buffer.toString('latin1', 0, end > 0 && end < length ? end : length)) / 1e6;
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES';
}
