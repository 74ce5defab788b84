import { err, ok, type Result } from './vocabulary/result';

/** How much JSON text holds: its values (objects, arrays, strings, numbers, literals; keys are not values) and its deepest nesting. */
export type JsonTextShape = { values: number; depth: number };

/** What a scan stopped at: more values, or deeper nesting, than allowed. */
export type JsonTextExcess = { kind: 'values' | 'depth'; limit: number };

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/**
 * Counts the values and the nesting of JSON text without building anything, and stops as soon as
 * either passes its limit: a body of millions of tiny values is refused at the cost of reading it
 * once, before `JSON.parse` (which would build them all) runs. Text that is not JSON is counted
 * loosely and left for `JSON.parse` to refuse.
 */
export function scanJsonText(text: string, limits: { maxValues: number; maxDepth: number }): Result<JsonTextShape, JsonTextExcess> {
  let values = 0;
  let depth = 0;
  let deepest = 0;
  // The last structural character before the current one: a string after `{` or `,` inside an object is a key.
  let previous = 0;
  const objects: boolean[] = [];
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 32) continue;
    if (code === QUOTE) {
      index = skipString(text, index);
      const isKey = objects[objects.length - 1] === true && (previous === OPEN_BRACE || previous === COMMA);
      if (!isKey) values += 1;
      previous = QUOTE;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      values += 1;
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (depth > limits.maxDepth) return err({ kind: 'depth', limit: limits.maxDepth });
      objects.push(code === OPEN_BRACE);
      previous = code;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      objects.pop();
      previous = code;
    } else if (code === COLON || code === COMMA) {
      previous = code;
    } else {
      // A number or a literal: one value, however many characters it has.
      values += 1;
      while (index + 1 < length && isLiteralPart(text.charCodeAt(index + 1))) index += 1;
      previous = 0;
    }
    if (values > limits.maxValues) return err({ kind: 'values', limit: limits.maxValues });
  }
  return ok({ values, depth: deepest });
}

/** The index of the quote that closes the string opened at `start` (the last index when it never closes). */
function skipString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const end = text.indexOf('"', from);
    if (end === -1) return text.length - 1;
    let backslashes = 0;
    for (let index = end - 1; index > start && text.charCodeAt(index) === BACKSLASH; index -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    from = end + 1;
  }
}

function isLiteralPart(code: number): boolean {
  // Digits, letters, `.`, `+` and `-`: what numbers, true, false and null are made of.
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 46 || code === 43 || code === 45;
}

/** Values in a parsed JSON value (objects, arrays and primitives alike), counted without recursion; stops counting past `limit`. */
export function countJsonValues(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    count += 1;
    if (count > limit) return count;
    if (Array.isArray(current)) for (const item of current) stack.push(item);
    else if (typeof current === 'object' && current !== null) for (const item of Object.values(current)) stack.push(item);
  }
  return count;
}
