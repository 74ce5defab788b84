/**
 * Trace and span ids derived from what they name (a session id, a turn, a call), so exporting the
 * same session twice gives the same document. Not random and not secret: OTLP only asks that ids
 * are unique within their trace and not all zero.
 */
export function createTraceId(...parts: readonly (string | number)[]): string {
  return hashToHex(parts, 32);
}

/** 16 hex digits, never all zero. */
export function createSpanId(...parts: readonly (string | number)[]): string {
  return hashToHex(parts, 16);
}

/** `digits` hex digits from 32-bit rounds of a seeded FNV-1a over the joined parts, each round mixed (murmur3's finalizer). */
function hashToHex(parts: readonly (string | number)[], digits: number): string {
  const text = parts.join('\u0000');
  let hex = '';
  for (let round = 0; hex.length < digits; round += 1) {
    let hash = (0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0;
    for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    hex += (hash >>> 0).toString(16).padStart(8, '0');
  }
  const id = hex.slice(0, digits);
  return /^0+$/.test(id) ? `${id.slice(0, -1)}1` : id;
}
