import { isPlainObject, type JsonValue, type JsonPath } from '@/lib/runtime';

/** Where a value first fails to contain the expected one, and what each side holds there. */
export type PartialMismatch = { path: JsonPath; expected: JsonValue; actual: JsonValue | undefined };

/**
 * Whether `actual` contains `expected`, as Vitest's `toMatchObject` reads it: an object needs
 * every expected key (others may be there too), each value contained in turn; an array needs
 * the same length, element by element; anything else must be equal. Returns the first mismatch,
 * in key order, or undefined when `actual` contains `expected`.
 */
export function matchPartialValue(actual: JsonValue | undefined, expected: JsonValue, path: JsonPath = []): PartialMismatch | undefined {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return { path, expected, actual };
    for (const [key, value] of Object.entries(expected)) {
      const found = matchPartialValue(Object.hasOwn(actual, key) ? actual[key] : undefined, value, [...path, key]);
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return { path, expected, actual };
    for (const [index, value] of expected.entries()) {
      const found = matchPartialValue(actual[index], value, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  return actual === expected ? undefined : { path, expected, actual };
}
