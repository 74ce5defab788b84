/**
 * Where a string of malformed JSON ends, judged by what follows each candidate closing quote.
 * The strict reading ends a string at its first unescaped quote. When that quote is followed
 * by something that cannot come after a string (a letter, a period: `"He said "hi" to me"`),
 * the quote is content, and the string ends at the first later quote that the structure
 * accepts as an end, provided the content quotes pair up and the content gained holds no
 * unbalanced bracket. Anything that could be read both ways (a quote followed by a number,
 * a literal, another string, `name:`, the end of the text, or an end that leaves a content
 * quote unpaired) leaves the string unclear.
 */

/** What the string is, which decides what may follow its end. */
export type StringRole = 'key' | 'object-value' | 'array-value';

/**
 * `closed`: the string ends at `close`; `inner` lists the quotes before it that the strict
 * reading would have taken as the end (empty when the strict reading is right). `unclear`:
 * the strict reading fails at `doubt`, and no later quote is a safe end; `strictClose` is the
 * strict reading's end. `open`: no closing quote before the end of the text. `exhausted`: the
 * shared work budget ran out.
 */
export type StringEnd =
  | { kind: 'closed'; close: number; inner: number[] }
  | { kind: 'unclear'; strictClose: number; doubt: number }
  | { kind: 'open' }
  | { kind: 'exhausted' };

/** Characters a caller may spend across every string of one text; shared, so the total stays linear. */
export type ScanBudget = { remaining: number };

export type StringEndOptions = {
  /** Index of the opening quote. */
  start: number;
  /** The characters that may close this string. */
  closers: string;
  role: StringRole;
  budget: ScanBudget;
};

type Verdict = 'end' | 'content' | 'unclear';

const QUOTES = '"\'“”‘’';
const SINGLE_QUOTES = "'‘’";
/** Characters after which a quote could still be an end, in a text with another mistake. */
const COULD_FOLLOW_A_VALUE = `${QUOTES}{}[]:,-/`;
const WORD_START = /[\p{L}_$]/u;
const WORD_PART = /[\p{L}\p{N}_$'’]/u;
const LITERAL_WORDS = new Set(['true', 'false', 'null', 'True', 'False', 'None', 'NaN', 'Infinity', 'undefined']);

export function findStringEnd(text: string, options: StringEndOptions): StringEnd {
  const { start, closers, role, budget } = options;
  const inner: number[] = [];
  let i = start + 1;
  for (;;) {
    const quote = findNextCloser(text, i, closers);
    const scanned = (quote === -1 ? text.length : quote) - i;
    // The strict reading's scan up to its first quote is the caller's linear walk; only
    // looking past a content quote is extra work.
    if (inner.length > 0) budget.remaining -= scanned;
    if (budget.remaining < 0) return { kind: 'exhausted' };
    const [firstInner] = inner;
    if (quote === -1) return firstInner === undefined ? { kind: 'open' } : { kind: 'unclear', strictClose: firstInner, doubt: firstInner };
    const verdict = judgeQuote(text, quote, role, closers, budget);
    if (verdict === 'end' && isPaired(text, inner) && isBalanced(text, firstInner ?? quote, quote)) return { kind: 'closed', close: quote, inner };
    if (verdict === 'end') return { kind: 'unclear', strictClose: firstInner ?? quote, doubt: quote };
    if (verdict === 'unclear') {
      return firstInner === undefined ? { kind: 'closed', close: quote, inner } : { kind: 'unclear', strictClose: firstInner, doubt: quote };
    }
    inner.push(quote);
    i = quote + 1;
  }
}

/**
 * Content quotes must pair up (`"hi"` inside a sentence), except single quotes between two
 * letters, which are apostrophes (`what's`). An odd one out means a quote may be missing: in
 * `"He said "hi", …` the text could end after `hi` or after a quote the model dropped.
 */
function isPaired(text: string, inner: readonly number[]): boolean {
  const unpaired = inner.filter((quote) => !isApostrophe(text, quote));
  return unpaired.length % 2 === 0;
}

/** Double quotes between letters still pair (CJK text sets quotes without spaces: `“复盘”完成`). */
function isApostrophe(text: string, quote: number): boolean {
  return SINGLE_QUOTES.includes(text.charAt(quote)) && isLetter(text.charAt(quote - 1)) && isLetter(text.charAt(quote + 1));
}

/**
 * What the judged reading takes as content beyond the strict end must not open or close
 * structure: a string that swallows `], [` has run into the next element, not a quote.
 */
function isBalanced(text: string, from: number, to: number): boolean {
  const open: string[] = [];
  for (let i = from; i < to; i += 1) {
    const c = text[i];
    if (c === '{' || c === '[') open.push(c);
    else if ((c === '}' && open.pop() !== '{') || (c === ']' && open.pop() !== '[')) return false;
  }
  return open.length === 0;
}

/** The next unescaped closer at or after `from`; a backslash escapes only an ASCII character. */
function findNextCloser(text: string, from: number, closers: string): number {
  for (let i = from; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length && text.charCodeAt(i + 1) < 0x80) i += 1;
    else if (closers.includes(c)) return i;
  }
  return -1;
}

function judgeQuote(text: string, quote: number, role: StringRole, closers: string, budget: ScanBudget): Verdict {
  const next = text[quote + 1];
  // A doubled quote right before a real end: the first one is the text's last character.
  if (next !== undefined && closers.includes(next)) return judgeFollower(text, quote + 1, role, budget) === 'end' ? 'content' : 'unclear';
  return judgeFollower(text, quote, role, budget);
}

function judgeFollower(text: string, quote: number, role: StringRole, budget: ScanBudget): Verdict {
  const i = skipWhitespace(text, quote + 1);
  budget.remaining -= i - quote;
  const c = text[i];
  if (c === undefined) return 'unclear';
  if (role === 'key') return c === ':' ? 'end' : judgeStray(text, i, role, budget);
  if (c === (role === 'object-value' ? '}' : ']')) return 'end';
  if (c === ',') return judgeAfterComma(text, i + 1, role, budget);
  return judgeStray(text, i, role, budget);
}

/** A comma ends the string only when what follows it starts the next member or element. */
function judgeAfterComma(text: string, from: number, role: StringRole, budget: ScanBudget): Verdict {
  const i = skipWhitespace(text, from);
  budget.remaining -= i - from;
  const c = text[i];
  if (c === undefined) return 'unclear';
  if (QUOTES.includes(c)) return 'end';
  const word = readWord(text, i, budget);
  if (role === 'object-value') {
    if (c === '}') return 'end';
    if (word !== '' && isFollowedByColon(text, i + word.length)) return 'end';
  } else {
    if (c === ']' || c === '{' || c === '[' || c === '-' || isDigit(c)) return 'end';
    if (LITERAL_WORDS.has(word)) return 'end';
  }
  if (word !== '') return !LITERAL_WORDS.has(word) && continuesProse(text, i + word.length) ? 'content' : 'unclear';
  return isLetter(c) ? 'content' : 'unclear';
}

/**
 * A word followed by a space and more text is prose; one that ends an element (`, y]`) or
 * runs into a quote (`, y"`) is a bare value or a boundary.
 */
function continuesProse(text: string, from: number): boolean {
  const after = skipWhitespace(text, from);
  const next = text[after];
  return after > from && next !== undefined && !',]}:'.includes(next);
}

/**
 * After a quote, anything JSON could continue with (in some mistaken text) keeps doubt: in an
 * object that includes `name:`, an unquoted key after a missing comma; an array has no keys.
 */
function judgeStray(text: string, i: number, role: StringRole, budget: ScanBudget): Verdict {
  const c = text[i] as string;
  if (COULD_FOLLOW_A_VALUE.includes(c) || isDigit(c)) return 'unclear';
  const word = readWord(text, i, budget);
  if (word === '') return 'content';
  if (LITERAL_WORDS.has(word)) return 'unclear';
  return role !== 'array-value' && isFollowedByColon(text, i + word.length) ? 'unclear' : 'content';
}

/** A word of any script, apostrophes included (`don't`, `Zoë`), or an identifier-like key. */
function readWord(text: string, start: number, budget: ScanBudget): string {
  if (!WORD_START.test(text.charAt(start))) return '';
  let end = start + 1;
  while (end < text.length && WORD_PART.test(text.charAt(end))) end += 1;
  budget.remaining -= end - start;
  return text.slice(start, end);
}

function isFollowedByColon(text: string, from: number): boolean {
  return text[skipWhitespace(text, from)] === ':';
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i += 1;
  return i;
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isLetter(c: string): boolean {
  return c !== '' && /\p{L}/u.test(c);
}
