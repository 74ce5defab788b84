import type { JsonValue } from '@/lib/runtime';

/** Where two JSON values first differ, as a path like `input[3].output`, with both sides. */
export type JsonDifference = { path: string; expected: JsonValue | undefined; actual: JsonValue | undefined };

/** Keys whose values are generated per run and do not count as a difference. */
const IGNORED_KEYS = new Set(['id']);

/** Depth-first, in key order of the expected value; undefined when the two agree. */
export function findFirstDifference(expected: JsonValue | undefined, actual: JsonValue | undefined, path = ''): JsonDifference | undefined {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.max(expected.length, actual.length); index += 1) {
      const difference = findFirstDifference(expected[index], actual[index], `${path}[${index}]`);
      if (difference) return difference;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((key) => !IGNORED_KEYS.has(key));
    for (const key of keys) {
      const difference = findFirstDifference(expected[key], actual[key], path ? `${path}.${key}` : key);
      if (difference) return difference;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : { path: path || '(root)', expected, actual };
}

/** `expected "abc", got "abd"`, each side cut to a readable length. */
export function describeDifference(difference: JsonDifference): string {
  return `expected ${preview(difference.expected)}, got ${preview(difference.actual)}`;
}

function preview(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
