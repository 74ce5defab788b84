// Server-only: shares the HTTP thread between running turns, a step at a time, newcomers first.
import { processSingleton } from '@/lib/contract';

/**
 * Steps let through per turn of the event loop. Measured at 50 concurrent turns on 2 cores, two
 * kept the throughput of letting every waiting step through (CPU is the limit either way) while
 * new turns' first events came after ~45 ms (p95) instead of hundreds.
 */
const STEPS_PER_LOOP_TURN = 2;
/** Steps wait while turns were admitted less than this long ago: a crowd arriving at once is answered first. */
const ADMISSION_QUIET_MS = 10;
/** …but never longer than this at a stretch, so a steady stream of new turns cannot stall the running ones. */
const MAX_HOLD_MS = 50;

export type TurnStepGateOptions = {
  stepsPerLoopTurn: number;
  admissionQuietMs: number;
  maxHoldMs: number;
  /** Milliseconds on a monotonic clock (injected in tests). */
  now: () => number;
};

export type TurnStepGate = {
  /** Resolves when it is this turn's go for its next CPU-heavy step on the HTTP thread. */
  wait(): Promise<void>;
  /** A turn was just admitted: its first event is on its way, and the crowd it came with should get theirs before steps go on. */
  noteAdmission(): void;
};

/**
 * The steps of all running turns (a model request with the handling of its response, the storing
 * of a finished turn) take turns, a couple per turn of the event loop, in between the loop's I/O:
 * without this, fifty turns' steps ran back to back for hundreds of milliseconds, and a new
 * request, its first event or a health probe waited behind all of them. While turns are being
 * admitted (a burst of visitors), steps wait until admissions pause for `admissionQuietMs`, at
 * most `maxHoldMs` in a row: each accepted connection then costs the HTTP thread only its own
 * request and first event (docs/decisions/0004-first-event-under-a-burst.md).
 */
export function createTurnStepGate(options: TurnStepGateOptions): TurnStepGate {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  let lastAdmission = Number.NEGATIVE_INFINITY;
  let holdingSince: number | undefined;

  function schedule(): void {
    scheduled = waiting.length > 0;
    // Scheduled from inside the check phase, the next release waits for the next turn of the loop.
    if (scheduled) setImmediate(release);
  }

  function release(): void {
    const now = options.now();
    const sinceAdmission = now - lastAdmission;
    if (sinceAdmission < options.admissionQuietMs) {
      holdingSince ??= now;
      if (now - holdingSince < options.maxHoldMs) {
        setTimeout(release, Math.max(1, options.admissionQuietMs - sinceAdmission));
        return;
      }
    } else {
      holdingSince = undefined;
    }
    for (let released = 0; released < options.stepsPerLoopTurn; released += 1) waiting.shift()?.();
    schedule();
  }

  return {
    wait: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(release);
        }
      }),
    noteAdmission() {
      lastAdmission = options.now();
    },
  };
}

/** The process's one gate: the direct turn route's turns and those started under Next share the one HTTP thread. */
const getServerGate: () => TurnStepGate = processSingleton('turn-step-gate', () =>
  createTurnStepGate({ stepsPerLoopTurn: STEPS_PER_LOOP_TURN, admissionQuietMs: ADMISSION_QUIET_MS, maxHoldMs: MAX_HOLD_MS, now: () => performance.now() }),
);

/** The server's gate: the step a turn waits for before its next CPU-heavy step. */
export function waitForTurnStep(): Promise<void> {
  return getServerGate().wait();
}

/** Tells the server's gate that a turn was admitted (see `createTurnStepGate`). */
export function noteTurnAdmitted(): void {
  getServerGate().noteAdmission();
}
