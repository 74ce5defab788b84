// Server-only: shares the HTTP thread between running turns, a step at a time.

/**
 * Steps let through per turn of the event loop. Measured at 50 concurrent turns on 2 cores, two
 * kept the throughput of letting every waiting step through (CPU is the limit either way) while
 * new turns' first events came after ~45 ms (p95) instead of hundreds.
 */
const STEPS_PER_LOOP_TURN = 2;

const waiting: (() => void)[] = [];
let scheduled = false;

/**
 * Resolves when it is this turn's go for its next CPU-heavy step on the HTTP thread (a model
 * request with the response's handling, or storing a finished turn). The steps of all running
 * turns take turns, a couple per turn of the event loop, in between the loop's I/O: without this,
 * fifty turns' steps ran back to back for hundreds of milliseconds at a time, and a new request,
 * its first event or a health probe waited behind all of them.
 */
export function waitForTurnStep(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(releaseSteps);
    }
  });
}

function releaseSteps(): void {
  for (let released = 0; released < STEPS_PER_LOOP_TURN; released += 1) waiting.shift()?.();
  // Scheduled from inside the check phase, the next release waits for the next turn of the loop.
  scheduled = waiting.length > 0;
  if (scheduled) setImmediate(releaseSteps);
}
