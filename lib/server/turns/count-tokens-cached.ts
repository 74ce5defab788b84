// Server-only: o200k token counts of the tools payloads turns measure, remembered by text.
import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { TokenCounter } from '@/lib/runtime';

/** The most characters of payload text kept; the least recently used counts go first. */
const MAX_CACHED_CHARACTERS = 8_000_000;
/**
 * Texts up to this long are tokenized on the calling thread (about 10 ms); longer ones (the tools
 * payload of a catalog: 1.5M characters with 2,700 tools deferred, 5M with all loaded, ~0.5 s
 * to count) in a sandbox worker.
 */
export const INLINE_TOKEN_CHARACTERS = 100_000;
/** What a remembered count of a long text weighs in the cache: its key is a hash, not the text. */
const HASHED_ENTRY_CHARACTERS = 1000;

const counts = new Map<string, number>();
const pending = new Map<string, Promise<number | undefined>>();
let cachedCharacters = 0;

/**
 * `countTokens`, remembered per text: every request of a turn offers the same tools payload, and
 * every turn of a conversation usually does too, so each payload is tokenized once.
 */
export function countTokensCached(text: string): number {
  const cached = recall(text);
  if (cached !== undefined) return cached;
  const count = countTokens(text);
  if (text.length <= MAX_CACHED_CHARACTERS / 4) remember(text, count, text.length);
  return count;
}

/**
 * A counter for turns: short texts counted at once (`countTokensCached`), long ones by
 * `countElsewhere` (a sandbox worker), each long text once however many requests ask for it
 * meanwhile, remembered by its SHA-256. A count that could not be made is `undefined`.
 */
export function createTokenCounter(countElsewhere: (text: string) => Promise<number | undefined>): TokenCounter {
  return (text) => {
    if (text.length <= INLINE_TOKEN_CHARACTERS) return countTokensCached(text);
    const key = `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const cached = recall(key);
    if (cached !== undefined) return cached;
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const counting = countElsewhere(text).then((count) => {
      pending.delete(key);
      if (count !== undefined) remember(key, count, HASHED_ENTRY_CHARACTERS);
      return count;
    });
    pending.set(key, counting);
    return counting;
  };
}

function recall(key: string): number | undefined {
  const cached = counts.get(key);
  if (cached === undefined) return undefined;
  counts.delete(key);
  counts.set(key, cached);
  return cached;
}

function remember(key: string, count: number, weight: number): void {
  counts.set(key, count);
  cachedCharacters += weight;
  for (const [oldest] of counts) {
    if (cachedCharacters <= MAX_CACHED_CHARACTERS) break;
    counts.delete(oldest);
    cachedCharacters -= oldest.startsWith('sha256:') ? HASHED_ENTRY_CHARACTERS : oldest.length;
  }
}
