import { findStringEnd, type ScanBudget, type StringEnd, type StringRole } from './find-string-end';
import { isJsonWhitespace, skipComment } from './json-text';

/** One string literal of the text, as the walker found it. */
export type QuotedString = {
  /** The character that opened it. */
  opener: string;
  /** Index of the opening quote. */
  start: number;
  /** Index of the closing quote, or -1 when the string runs to the end of the text. */
  close: number;
  /** Quotes before `close` that are the string's content, not its end. */
  inner: readonly number[];
};

export type RewriteQuotedStringsOptions = {
  /**
   * The characters that close a string this character opens, or undefined when it opens
   * none. `atStringStart` is false inside a bare word, where only ASCII quotes open strings.
   */
  closersFor: (character: string, atStringStart: boolean) => string | undefined;
  /** The replacement for one whole literal, quotes included; the literal as written keeps it. */
  format: (text: string, literal: QuotedString) => string;
};

/**
 * `unclear` is the first quote where a string's end could not be judged (that string keeps
 * its strict end); `exhausted` means the work budget ran out and nothing was rewritten.
 */
export type RewriteOutcome = { kind: 'rewritten'; text: string; unclear: number | undefined } | { kind: 'exhausted' };

type Expecting = 'key' | 'colon' | 'value' | 'after';

/**
 * Walks the one object a text starts with, lenient about its syntax (single quotes, bare
 * words, comments, wrong closers, a comma missing before the next key or element), and lets
 * the caller rewrite each string literal. The structure decides each string's role, and the
 * role decides where it may end. From the first token the structure cannot place, and after
 * the object, the text is copied as it is. Linear: looking past a quote draws on a budget of
 * twice the text's length.
 */
export function rewriteQuotedStrings(text: string, options: RewriteQuotedStringsOptions): RewriteOutcome {
  const n = text.length;
  const budget: ScanBudget = { remaining: 2 * n + 4096 };
  const out: string[] = [];
  const stack: string[] = [];
  let expecting: Expecting = 'value';
  let copiedUntil = 0;
  let unclear: number | undefined;
  let i = 0;
  while (i < n) {
    const c = text[i] as string;
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push(c);
      expecting = c === '{' ? 'key' : 'value';
      i += 1;
    } else if (c === '}' || c === ']') {
      stack.pop();
      expecting = 'after';
      i += 1;
      if (stack.length === 0) break;
    } else if (c === ',') {
      expecting = top === '{' ? 'key' : 'value';
      i += 1;
    } else if (c === ':') {
      expecting = 'value';
      i += 1;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipComment(text, i);
    } else if (isJsonWhitespace(c)) {
      i += 1;
    } else {
      const closers = top === undefined || expecting === 'colon' ? undefined : options.closersFor(c, true);
      const end = closers === undefined ? undefined : findStringEnd(text, { start: i, closers, role: roleOf(top, expecting), budget });
      if (end?.kind === 'exhausted') return { kind: 'exhausted' };
      // Where the grammar allows no token (after a key, or after a value unless a comma was
      // dropped before a cleanly read key or element), the text is off and any reading of
      // the rest would build on a guess: it is copied as written.
      if (expecting === 'colon' || (expecting === 'after' && !isClean(end))) break;
      if (end === undefined) {
        i = skipBareToken(text, i, options);
      } else {
        if (end.kind === 'unclear') unclear ??= end.doubt;
        const literal = readJudged(c, i, end);
        const stop = literal.close === -1 ? n : literal.close + 1;
        const replacement = options.format(text, literal);
        if (replacement !== text.slice(i, stop)) {
          out.push(text.slice(copiedUntil, i), replacement);
          copiedUntil = stop;
        }
        i = stop;
      }
      expecting = afterToken(top, expecting);
    }
  }
  out.push(text.slice(copiedUntil));
  return { kind: 'rewritten', text: out.join(''), unclear };
}

function isClean(end: StringEnd | undefined): boolean {
  return end?.kind === 'closed' && end.inner.length === 0;
}

function readJudged(opener: string, start: number, end: StringEnd): QuotedString {
  if (end.kind === 'closed') return { opener, start, close: end.close, inner: end.inner };
  return { opener, start, close: end.kind === 'unclear' ? end.strictClose : -1, inner: [] };
}

function roleOf(top: string | undefined, expecting: Expecting): StringRole {
  if (top === '[') return 'array-value';
  // A string right after a value is most likely the next key with its comma missing.
  return expecting === 'key' || expecting === 'after' ? 'key' : 'object-value';
}

function afterToken(top: string | undefined, expecting: Expecting): Expecting {
  if (top === '{' && (expecting === 'key' || expecting === 'after')) return 'colon';
  return 'after';
}

/** A bare word, number or stray run: everything up to the next structural character or quote. */
function skipBareToken(text: string, start: number, options: RewriteQuotedStringsOptions): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i] as string;
    if ('{}[],:/'.includes(c) || isJsonWhitespace(c) || options.closersFor(c, false) !== undefined) break;
    i += 1;
  }
  return i;
}
