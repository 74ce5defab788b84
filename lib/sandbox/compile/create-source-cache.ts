// Server-only: answers about a module's source, cached by its SHA-256.
import { createHash } from 'node:crypto';

export type SourceCache<T> = {
  /** The cached answer for `source`, or the one `create` starts (and the cache keeps). */
  getOrCreate(source: string, create: () => Promise<T>): Promise<T>;
  /** The settled answer cached under `key` (a source's `sourceKey`), without creating one. */
  peek(key: string): T | undefined;
};

export type SourceCacheOptions<T> = {
  maxEntries: number;
  /** Drops a settled answer it declines (a busy pool may have room a moment later). */
  keep?: (answer: T) => boolean;
  /** With `weigh`: the most the settled answers may weigh together; the least recently used go first. */
  maxWeight?: number;
  weigh?: (answer: T) => number;
};

/** The key a source is cached under: its SHA-256 in hex. */
export function sourceKey(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

type Entry<T> = { promise: Promise<T>; settled?: { answer: T; weight: number } };

/**
 * A least-recently-used cache of promises keyed by the SHA-256 of the source, so re-rendering the
 * schema preview for unchanged text costs nothing. A rejected promise is dropped, and so is an
 * answer `keep` declines. Bounded by count and, given `weigh`, by the weight of what it holds.
 */
export function createSourceCache<T>(options: SourceCacheOptions<T>): SourceCache<T> {
  const entries = new Map<string, Entry<T>>();
  let weight = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.settled?.weight ?? 0;
  };
  const evict = () => {
    for (const key of entries.keys()) {
      const overCount = entries.size > options.maxEntries;
      const overWeight = options.maxWeight !== undefined && weight > options.maxWeight;
      if (!overCount && !overWeight) return;
      // The newest entry stays even when it alone is over the weight: it is being answered now.
      if (entries.size === 1) return;
      remove(key);
    }
  };
  return {
    getOrCreate(source, create) {
      const key = sourceKey(source);
      const cached = entries.get(key);
      if (cached) {
        // Refresh the entry's position so the least recently used one is evicted first.
        entries.delete(key);
        entries.set(key, cached);
        return cached.promise;
      }
      const entry: Entry<T> = { promise: create() };
      entries.set(key, entry);
      evict();
      entry.promise.then(
        (answer) => {
          if (entries.get(key) !== entry) return;
          if (options.keep && !options.keep(answer)) {
            remove(key);
            return;
          }
          entry.settled = { answer, weight: options.weigh?.(answer) ?? 0 };
          weight += entry.settled.weight;
          evict();
        },
        () => {
          if (entries.get(key) === entry) remove(key);
        },
      );
      return entry.promise;
    },
    peek(key) {
      return entries.get(key)?.settled?.answer;
    },
  };
}
