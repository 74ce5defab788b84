import { afterEach, beforeEach, expect } from 'vitest';

/** Live `setTimeout`/`setInterval` handles of this process (the test runner's own included). */
export function countActiveTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
}

/** Lets already-settled work (cleared timers, closed streams) finish before counting. */
export async function settleMicrotasks(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Registers hooks that fail a test which leaves more live timers behind than it found. */
export function expectNoLeakedTimers(): void {
  let timersBefore = 0;
  beforeEach(() => {
    timersBefore = countActiveTimers();
  });
  afterEach(async () => {
    await settleMicrotasks();
    expect(countActiveTimers()).toBeLessThanOrEqual(timersBefore);
  });
}
