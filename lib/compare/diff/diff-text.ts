/** Where two texts first differ, with a short excerpt of each side around it. */
export type TextDiff = {
  /** Index of the first differing character (UTF-16 code units), the same on both sides. */
  offset: number;
  /** The 1-based line and column of `offset`. */
  line: number;
  column: number;
  a: TextSide;
  b: TextSide;
};

/** One side's excerpt: `…` marks where it was cut; `length` is the whole text's. */
export type TextSide = { excerpt: string; length: number };

/** Characters of shared text shown before the difference. */
const CONTEXT_CHARS = 24;
/** Characters of shared text shown after the differing part, when the excerpt has room. */
const TRAILING_CHARS = 12;
/** Characters from the difference on shown per side; the full texts stay in the runs' events. */
const DIFFERING_CHARS = 80;

/**
 * The first difference between two texts, found from their common prefix and suffix; undefined
 * when they are equal. Both texts are read whole, however long; only the excerpts are short.
 */
export function diffText(a: string, b: string): TextDiff | undefined {
  if (a === b) return undefined;
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  while (suffix < shorter - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix += 1;
  const before = a.slice(0, prefix);
  const lastBreak = before.lastIndexOf('\n');
  return {
    offset: prefix,
    line: countLines(before),
    column: prefix - lastBreak,
    a: { excerpt: excerpt(a, prefix, a.length - suffix), length: a.length },
    b: { excerpt: excerpt(b, prefix, b.length - suffix), length: b.length },
  };
}

function excerpt(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(end + TRAILING_CHARS, start + DIFFERING_CHARS, text.length);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}
