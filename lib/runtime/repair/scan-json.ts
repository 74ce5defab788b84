/**
 * A strict JSON scanner that, unlike `JSON.parse`, says *where* a text stops being JSON and
 * whether it merely ends too early. The repair ladder uses it to word syntax errors with a
 * stable position (engine messages differ between runtimes) and to decide whether a
 * truncated tail can be closed safely. Iterative, so nesting depth cannot overflow the stack.
 */

/** Where a truncated text ends, seen from the grammar. */
export type TruncationPoint =
  | { kind: 'in-value-string'; keepUntil: number }
  | { kind: 'in-key-string'; partialKey: string }
  | { kind: 'after-key'; key: string }
  | { kind: 'after-colon'; key: string }
  | { kind: 'in-number'; complete: boolean }
  | { kind: 'in-literal'; partial: string }
  | { kind: 'after-open' }
  | { kind: 'after-value' }
  | { kind: 'after-comma'; commaPosition: number }
  | { kind: 'empty' };

/** What the grammar allowed next: `comma-or-close` is right after a value inside a container. */
export type ScanExpectation = 'value' | 'value-or-close' | 'key-or-close' | 'key' | 'colon' | 'comma-or-close';

/**
 * The verdict on a whole text. `closers` closes every open container, innermost first; an
 * invalid text also says which brackets were open there (`open`, outermost first) and what
 * the grammar expected, so a repair can judge what is missing at that point.
 */
export type JsonScan =
  | { kind: 'complete' }
  | { kind: 'invalid'; position: number; found: string; open: string; expected: ScanExpectation }
  | { kind: 'truncated'; point: TruncationPoint; closers: string };

/**
 * Where to resume a scan: at `position`, with the brackets in `open` (outermost first) still
 * open, right after a complete value or right after a comma. Repairs use it to test a reading
 * of the rest of a text without rescanning what came before.
 */
export type ScanStart = { position: number; open: string; after: 'value' | 'comma' };

type Expect = ScanExpectation;
type StringScan = { kind: 'closed'; end: number } | { kind: 'open'; keepUntil: number } | { kind: 'invalid'; position: number };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NUMBER_PREFIX = /^-?(?:(?:0|[1-9]\d*)(?:\.\d*)?(?:[eE][+-]?\d*)?)?$/;
const LITERALS = ['true', 'false', 'null'] as const;
const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER_CHARACTERS = new Set([...'0123456789+-.eE']);
const HEX = /^[0-9a-fA-F]*$/;

/** The scanner's position in the grammar; each step reads it and moves it on. */
type ScanState = {
  text: string;
  i: number;
  stack: string[];
  expect: Expect;
  /** What the value now expected follows, to word a text that ends there. */
  valueFollows: 'top' | 'colon' | 'comma' | 'open';
  commaPosition: number;
  lastKey: string;
  /** The top-level value is complete: only whitespace may follow. */
  done: boolean;
};

/** A step's answer: the verdict on the whole text, or undefined to go on scanning. */
type Step = JsonScan | undefined;

export function scanJson(text: string, start?: ScanStart): JsonScan {
  const state = openScan(text, start);
  const n = text.length;
  for (;;) {
    while (state.i < n && isJsonWhitespace(text.charCodeAt(state.i))) state.i += 1;
    if (state.i >= n) return describeEnd(state);
    if (state.done) return invalid(state, state.i);
    const c = text[state.i] as string;
    const verdict = stepAt(state, c);
    if (verdict) return verdict;
  }
}

function openScan(text: string, start: ScanStart | undefined): ScanState {
  const state: ScanState = {
    text,
    i: start?.position ?? 0,
    stack: start === undefined ? [] : [...start.open],
    expect: 'value',
    valueFollows: 'top',
    commaPosition: -1,
    lastKey: '',
    done: false,
  };
  if (start?.after === 'value') finishValue(state);
  if (start?.after === 'comma') {
    state.expect = state.stack[state.stack.length - 1] === '{' ? 'key' : 'value';
    state.valueFollows = 'comma';
    state.commaPosition = start.position - 1;
  }
  return state;
}

function stepAt(state: ScanState, c: string): Step {
  switch (state.expect) {
    case 'value':
    case 'value-or-close':
      return stepValue(state, c);
    case 'key-or-close':
    case 'key':
      return stepKey(state, c);
    case 'colon':
      return stepColon(state, c);
    case 'comma-or-close':
      return stepCommaOrClose(state, c);
  }
}

function stepValue(state: ScanState, c: string): Step {
  const { text, i } = state;
  if (c === ']' && state.expect === 'value-or-close') return closeContainer(state);
  if (c === '{' || c === '[') {
    state.stack.push(c);
    state.expect = c === '{' ? 'key-or-close' : 'value-or-close';
    state.valueFollows = 'open';
    state.i += 1;
    return undefined;
  }
  if (c === '"') {
    const scanned = scanString(text, i);
    if (scanned.kind === 'invalid') return invalid(state, scanned.position);
    if (scanned.kind === 'open') return truncated(state, { kind: 'in-value-string', keepUntil: scanned.keepUntil });
    state.i = scanned.end;
    finishValue(state);
    return undefined;
  }
  if (c === '-' || isDigit(c)) return stepNumber(state);
  const literal = LITERALS.find((word) => text.startsWith(word, i));
  if (literal) {
    state.i += literal.length;
    finishValue(state);
    return undefined;
  }
  const rest = text.slice(i, i + 5);
  if (i + rest.length === text.length && rest.length < 5 && LITERALS.some((word) => word.startsWith(rest))) {
    return truncated(state, { kind: 'in-literal', partial: rest });
  }
  return invalid(state, i);
}

function stepNumber(state: ScanState): Step {
  const { text, i } = state;
  const n = text.length;
  NUMBER.lastIndex = i;
  const match = NUMBER.exec(text);
  const end = match ? i + match[0].length : i;
  let run = i;
  while (run < n && NUMBER_CHARACTERS.has(text[run] as string)) run += 1;
  if (run === n && NUMBER_PREFIX.test(text.slice(i))) {
    const complete = end === n;
    if (complete && state.stack.length === 0) return { kind: 'complete' };
    return truncated(state, { kind: 'in-number', complete });
  }
  if (!match) return invalid(state, i);
  state.i = end;
  finishValue(state);
  return undefined;
}

function stepKey(state: ScanState, c: string): Step {
  const { text, i } = state;
  if (c === '}' && state.expect === 'key-or-close') return closeContainer(state);
  if (c !== '"') return invalid(state, i);
  const scanned = scanString(text, i);
  if (scanned.kind === 'invalid') return invalid(state, scanned.position);
  if (scanned.kind === 'open') return truncated(state, { kind: 'in-key-string', partialKey: text.slice(i + 1, scanned.keepUntil) });
  state.lastKey = text.slice(i + 1, scanned.end - 1);
  state.i = scanned.end;
  state.expect = 'colon';
  return undefined;
}

function stepColon(state: ScanState, c: string): Step {
  if (c !== ':') return invalid(state, state.i);
  state.i += 1;
  state.expect = 'value';
  state.valueFollows = 'colon';
  return undefined;
}

function stepCommaOrClose(state: ScanState, c: string): Step {
  const open = state.stack[state.stack.length - 1];
  if (c === ',') {
    state.commaPosition = state.i;
    state.i += 1;
    state.expect = open === '{' ? 'key' : 'value';
    state.valueFollows = 'comma';
    return undefined;
  }
  if ((c === '}' && open === '{') || (c === ']' && open === '[')) return closeContainer(state);
  return invalid(state, state.i);
}

function closeContainer(state: ScanState): Step {
  state.stack.pop();
  state.i += 1;
  finishValue(state);
  return undefined;
}

function finishValue(state: ScanState): void {
  if (state.stack.length === 0) state.done = true;
  else state.expect = 'comma-or-close';
}

/** The text ended: complete, or truncated at the point the grammar had reached. */
function describeEnd(state: ScanState): JsonScan {
  if (state.done) return { kind: 'complete' };
  switch (state.expect) {
    case 'colon':
      return truncated(state, { kind: 'after-key', key: state.lastKey });
    case 'comma-or-close':
      return truncated(state, { kind: 'after-value' });
    case 'key-or-close':
    case 'value-or-close':
      return truncated(state, { kind: 'after-open' });
    case 'key':
      return truncated(state, { kind: 'after-comma', commaPosition: state.commaPosition });
    case 'value':
      if (state.valueFollows === 'top') return truncated(state, { kind: 'empty' });
      if (state.valueFollows === 'colon') return truncated(state, { kind: 'after-colon', key: state.lastKey });
      return truncated(state, { kind: 'after-comma', commaPosition: state.commaPosition });
  }
}

function truncated(state: ScanState, point: TruncationPoint): JsonScan {
  const closers = state.stack.map((open) => (open === '{' ? '}' : ']')).reverse().join('');
  return { kind: 'truncated', point, closers };
}

function invalid(state: ScanState, position: number): JsonScan {
  return { kind: 'invalid', position, found: describeFound(state.text, position), open: state.stack.join(''), expected: state.expect };
}

/** Index just past the JSON string that opens at `start`, or -1 when it is cut off or invalid. */
export function findJsonStringEnd(text: string, start: number): number {
  const scanned = scanString(text, start);
  return scanned.kind === 'closed' ? scanned.end : -1;
}

function scanString(text: string, start: number): StringScan {
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text[i] as string;
    if (c === '"') return { kind: 'closed', end: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) return { kind: 'open', keepUntil: i };
      if (next === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!HEX.test(hex)) return { kind: 'invalid', position: i };
        if (hex.length < 4) return { kind: 'open', keepUntil: i };
        i += 6;
        continue;
      }
      if (!SIMPLE_ESCAPES.has(next)) return { kind: 'invalid', position: i };
      i += 2;
      continue;
    }
    if (c.charCodeAt(0) < 0x20) return { kind: 'invalid', position: i };
    i += 1;
  }
  return { kind: 'open', keepUntil: n };
}

/** A short, model-readable name for what sits at `position`. */
export function describeFound(text: string, position: number): string {
  const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(position, position + 40));
  if (word) return `\`${word[0]}\``;
  const c = text[position];
  if (c === undefined) return 'end of input';
  const code = c.charCodeAt(0);
  if (code < 0x20) return `a raw control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  if (c === '\\') return 'an invalid escape `\\`';
  return `\`${c}\``;
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
