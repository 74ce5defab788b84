// Server-only: calls that arrive while a write is in flight go together in the next one.

type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

/**
 * Group commit: `flush` runs one batch at a time. The first item is flushed at once; items that
 * arrive while a flush is in flight wait for it and then go together in the next, so N items
 * arriving together cost about two flushes instead of N, and a lone item waits for nothing.
 * `flush` answers one result per item, in order; when it throws, every item of its batch rejects.
 */
export function createGroupCommit<T, R>(flush: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: Waiting<T, R>[] = [];
  let flushing = false;
  const drain = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await flush(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => {
          if (index < results.length) entry.resolve(results[index] as R);
          else entry.reject(new Error(`A batch of ${batch.length} was answered with ${results.length} results.`));
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void drain();
    });
}
