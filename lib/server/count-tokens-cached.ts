// Server-only: o200k token counts of the tools payloads turns measure, remembered by text.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** The most characters of payload text kept; the least recently used counts go first. */
const MAX_CACHED_CHARACTERS = 8_000_000;

const counts = new Map<string, number>();
let cachedCharacters = 0;

/**
 * `countTokens`, remembered per text: every request of a turn offers the same tools payload, and
 * every turn of a conversation usually does too, so the HTTP thread tokenizes each payload once.
 */
export function countTokensCached(text: string): number {
  const cached = counts.get(text);
  if (cached !== undefined) {
    counts.delete(text);
    counts.set(text, cached);
    return cached;
  }
  const count = countTokens(text);
  if (text.length > MAX_CACHED_CHARACTERS / 4) return count;
  counts.set(text, count);
  cachedCharacters += text.length;
  for (const [key] of counts) {
    if (cachedCharacters <= MAX_CACHED_CHARACTERS) break;
    counts.delete(key);
    cachedCharacters -= key.length;
  }
  return count;
}
