// Server-only: answers about a module's source, cached by its SHA-256.
import { createHash } from 'node:crypto';

export type SourceCache<T> = {
  /** The cached answer for `source`, or the one `create` starts (and the cache keeps). */
  getOrCreate(source: string, create: () => Promise<T>): Promise<T>;
};

/**
 * A least-recently-used cache of promises keyed by the SHA-256 of the source, so re-rendering the
 * schema preview for unchanged text costs nothing. A rejected promise is dropped, and so is an
 * answer `keep` declines (a busy pool may have room a moment later).
 */
export function createSourceCache<T>(options: { maxEntries: number; keep?: (answer: T) => boolean }): SourceCache<T> {
  const entries = new Map<string, Promise<T>>();
  const drop = (key: string, entry: Promise<T>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  return {
    getOrCreate(source, create) {
      const key = createHash('sha256').update(source).digest('hex');
      const cached = entries.get(key);
      if (cached) {
        // Refresh the entry's position so the least recently used one is evicted first.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const created = create();
      entries.set(key, created);
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      created.then(
        (answer) => {
          if (options.keep && !options.keep(answer)) drop(key, created);
        },
        () => drop(key, created),
      );
      return created;
    },
  };
}
