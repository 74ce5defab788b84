/** Resolves once `done()` holds, checking every `intervalMs`; throws naming `what()` after `timeoutMs`. */
export async function waitForState(done: () => boolean, what: () => string, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}
