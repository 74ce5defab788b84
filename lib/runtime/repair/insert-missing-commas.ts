import { applyText, SKIPPED, type RepairRungDefinition } from './repair-rung';
import { findJsonStringEnd, scanJson, type ScanStart } from './scan-json';
import { isJsonWhitespace } from './json-text';

const LITERALS = ['true', 'false', 'null'];

/**
 * Inserts the commas a model left out between members and elements: `{"a": 1 "b": 2}`,
 * `[1 2 3]`, a newline between `"x"` and `"b": …`. A comma is inserted only where the strict
 * grammar stopped right after a value inside a container and what follows can only be the
 * next element (in an array) or the next key, a string followed by `:` (in an object). Any
 * other stop ends the rung; what it inserted before stays, for the later rungs to continue.
 */
export const insertMissingCommas: RepairRungDefinition = {
  rung: 'insert-missing-commas',
  apply: (text) => {
    if (!text.trimStart().startsWith('{')) return SKIPPED;
    const insertAt: number[] = [];
    let start: ScanStart | undefined;
    for (;;) {
      const scan = scanJson(text, start);
      if (scan.kind !== 'invalid' || scan.expected !== 'comma-or-close') break;
      const container = scan.open[scan.open.length - 1];
      const next = container === '[' ? startsValue(text, scan.position) : container === '{' && startsKey(text, scan.position);
      if (!next) break;
      insertAt.push(endOfPreviousValue(text, scan.position));
      start = { position: scan.position, open: scan.open, after: 'comma' };
    }
    if (insertAt.length === 0) return SKIPPED;
    const out: string[] = [];
    let from = 0;
    for (const position of insertAt) {
      out.push(text.slice(from, position), ',');
      from = position;
    }
    out.push(text.slice(from));
    return applyText(text, out.join(''));
  },
};

/**
 * A string must be complete: one that runs to the end of the text could as well be a stray
 * quote, and closing it would swallow the closers that follow as its content. Two strings
 * with nothing between them (`""""`) read as well as one string with unescaped quotes.
 */
function startsValue(text: string, position: number): boolean {
  const c = text.charAt(position);
  if (c === '"') return findJsonStringEnd(text, position) !== -1 && text[position - 1] !== '"';
  return '{[-'.includes(c) || (c >= '0' && c <= '9') || LITERALS.some((word) => text.startsWith(word, position));
}

/** A complete string followed by a colon: nothing but a key reads like that. */
function startsKey(text: string, position: number): boolean {
  if (text[position] !== '"') return false;
  const end = findJsonStringEnd(text, position);
  return end !== -1 && text[skipWhitespace(text, end)] === ':';
}

/** The comma goes right after the value, before the whitespace that separated them. */
function endOfPreviousValue(text: string, position: number): number {
  let i = position;
  while (i > 0 && isJsonWhitespace(text.charAt(i - 1))) i -= 1;
  return i;
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isJsonWhitespace(text.charAt(i))) i += 1;
  return i;
}
