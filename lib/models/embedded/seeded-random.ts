/** A seeded generator of floats in [0, 1). */
export type Random = () => number;

/** Mulberry32 seeded from a hash of the parts, so each purpose gets its own stream. */
export function createSeededRandom(...parts: (string | number)[]): Random {
  let state = hashParts(parts);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the joined parts. */
export function hashParts(parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A deterministic id like `call_3f9a…` from its parts. */
export function createDeterministicId(prefix: string, parts: readonly (string | number)[]): string {
  const random = createSeededRandom(prefix, ...parts);
  let hex = '';
  while (hex.length < 24) hex += Math.floor(random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return `${prefix}_${hex}`;
}

export function pickInteger(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pickOne<T>(random: Random, items: ArrayLike<T>): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne needs a non-empty list.');
  return item;
}
