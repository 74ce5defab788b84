/** How waiting for a person ended: their answer, the deadline, the turn's abort, or a broken channel. */
export type PersonAnswer<T> = { kind: 'answered'; value: T } | { kind: 'timeout' } | { kind: 'aborted' } | { kind: 'failed' };

/**
 * Asks a person (an approval, a typed output) and races the answer against `timeoutMs` and the
 * turn's `signal`. The request gets its own signal, aborted as soon as the race is decided, so a
 * channel that is still waiting lets go.
 */
export function awaitPerson<T>(ask: (signal: AbortSignal) => Promise<T>, options: { signal: AbortSignal; timeoutMs: number }): Promise<PersonAnswer<T>> {
  const { signal } = options;
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const controller = new AbortController();
    const finish = (answer: PersonAnswer<T>) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      controller.abort();
      resolve(answer);
    };
    const onAbort = () => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), options.timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    ask(controller.signal).then(
      (value) => finish({ kind: 'answered', value }),
      () => finish({ kind: 'failed' }),
    );
  });
}
