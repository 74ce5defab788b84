/** A Markdown code fence. */
export const FENCE = '```';

/** A fence's opening line: the backticks, an optional info string (`json`), the line break. */
export const FENCE_OPENING_LINE = /^```[\w+.-]*[^\S\n]*\n?/;

/**
 * Positions of fences that are not inside a quoted string (either quote style, as models
 * write both). Quotes are tracked only from the first `{`, `[` or `"`, so an apostrophe in
 * prose before the arguments does not open a string.
 */
export function findFencesOutsideStrings(body: string): number[] {
  const fences: number[] = [];
  const jsonStart = body.search(/[{["]/);
  const quotesFrom = jsonStart === -1 ? body.length : jsonStart;
  let fence = findFenceOutsideStrings(body, 0, quotesFrom);
  while (fence !== -1) {
    fences.push(fence);
    fence = findFenceOutsideStrings(body, fence + FENCE.length, quotesFrom);
  }
  return fences;
}

/** The first fence at or after `from` that is outside a string opened at or after `quotesFrom`. */
export function findFenceOutsideStrings(text: string, from: number, quotesFrom: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (i >= quotesFrom && (c === '"' || c === "'")) {
      quote = c;
    } else if (text.startsWith(FENCE, i)) {
      return i;
    }
  }
  return -1;
}
