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

export function scanJson(text: string, start?: ScanStart): JsonScan {
  const stack: string[] = start === undefined ? [] : [...start.open];
  let expect: Expect = 'value';
  let valueFollows: 'top' | 'colon' | 'comma' | 'open' = 'top';
  let commaPosition = -1;
  let lastKey = '';
  let done = false;
  let i = start?.position ?? 0;
  const n = text.length;
  const closers = (): string => stack.map((open) => (open === '{' ? '}' : ']')).reverse().join('');
  const truncated = (point: TruncationPoint): JsonScan => ({ kind: 'truncated', point, closers: closers() });
  const invalid = (position: number): JsonScan => ({
    kind: 'invalid',
    position,
    found: describeFound(text, position),
    open: stack.join(''),
    expected: expect,
  });
  const finishValue = (): void => {
    if (stack.length === 0) done = true;
    else expect = 'comma-or-close';
  };
  if (start?.after === 'value') finishValue();
  if (start?.after === 'comma') {
    expect = stack[stack.length - 1] === '{' ? 'key' : 'value';
    valueFollows = 'comma';
    commaPosition = start.position - 1;
  }

  for (;;) {
    while (i < n && isJsonWhitespace(text.charCodeAt(i))) i += 1;
    if (i >= n) break;
    if (done) return invalid(i);
    const c = text[i] as string;

    if (expect === 'value' || expect === 'value-or-close') {
      if (c === ']' && expect === 'value-or-close') {
        stack.pop();
        i += 1;
        finishValue();
        continue;
      }
      if (c === '{' || c === '[') {
        stack.push(c);
        expect = c === '{' ? 'key-or-close' : 'value-or-close';
        valueFollows = 'open';
        i += 1;
        continue;
      }
      if (c === '"') {
        const scanned = scanString(text, i);
        if (scanned.kind === 'invalid') return invalid(scanned.position);
        if (scanned.kind === 'open') return truncated({ kind: 'in-value-string', keepUntil: scanned.keepUntil });
        i = scanned.end;
        finishValue();
        continue;
      }
      if (c === '-' || isDigit(c)) {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        const end = match ? i + match[0].length : i;
        let run = i;
        while (run < n && NUMBER_CHARACTERS.has(text[run] as string)) run += 1;
        if (run === n && NUMBER_PREFIX.test(text.slice(i))) {
          const complete = end === n;
          if (complete && stack.length === 0) return { kind: 'complete' };
          return truncated({ kind: 'in-number', complete });
        }
        if (!match) return invalid(i);
        i = end;
        finishValue();
        continue;
      }
      const literal = LITERALS.find((word) => text.startsWith(word, i));
      if (literal) {
        i += literal.length;
        finishValue();
        continue;
      }
      const rest = text.slice(i, i + 5);
      if (i + rest.length === n && rest.length < 5 && LITERALS.some((word) => word.startsWith(rest))) {
        return truncated({ kind: 'in-literal', partial: rest });
      }
      return invalid(i);
    }

    if (expect === 'key-or-close' || expect === 'key') {
      if (c === '}' && expect === 'key-or-close') {
        stack.pop();
        i += 1;
        finishValue();
        continue;
      }
      if (c !== '"') return invalid(i);
      const scanned = scanString(text, i);
      if (scanned.kind === 'invalid') return invalid(scanned.position);
      if (scanned.kind === 'open') return truncated({ kind: 'in-key-string', partialKey: text.slice(i + 1, scanned.keepUntil) });
      lastKey = text.slice(i + 1, scanned.end - 1);
      i = scanned.end;
      expect = 'colon';
      continue;
    }

    if (expect === 'colon') {
      if (c !== ':') return invalid(i);
      i += 1;
      expect = 'value';
      valueFollows = 'colon';
      continue;
    }

    // comma-or-close
    const open = stack[stack.length - 1];
    if (c === ',') {
      commaPosition = i;
      i += 1;
      expect = open === '{' ? 'key' : 'value';
      valueFollows = 'comma';
      continue;
    }
    if ((c === '}' && open === '{') || (c === ']' && open === '[')) {
      stack.pop();
      i += 1;
      finishValue();
      continue;
    }
    return invalid(i);
  }

  if (done) return { kind: 'complete' };
  switch (expect as Expect) {
    case 'colon':
      return truncated({ kind: 'after-key', key: lastKey });
    case 'comma-or-close':
      return truncated({ kind: 'after-value' });
    case 'key-or-close':
    case 'value-or-close':
      return truncated({ kind: 'after-open' });
    case 'key':
      return truncated({ kind: 'after-comma', commaPosition });
    case 'value':
      if (valueFollows === 'top') return truncated({ kind: 'empty' });
      if (valueFollows === 'colon') return truncated({ kind: 'after-colon', key: lastKey });
      return truncated({ kind: 'after-comma', commaPosition });
  }
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
