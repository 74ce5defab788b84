/** Live `setTimeout`/`setInterval` handles of this process (the test runner's own included). */
export function countActiveTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
}

/** Lets already-settled work (cleared timers, closed streams) finish before counting. */
export async function settleMicrotasks(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}
