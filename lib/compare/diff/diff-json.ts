import type { JsonPath, JsonValue } from '@/lib/runtime';
import { boundShownValue } from './bound-shown-value';

/** One place where two JSON values differ: a key or item only one side has, or a different value. */
export type JsonChange =
  | { kind: 'added'; path: JsonPath; b: JsonValue; a?: never }
  | { kind: 'removed'; path: JsonPath; a: JsonValue; b?: never }
  | { kind: 'changed'; path: JsonPath; a: JsonValue; b: JsonValue };

/** Every change up to the limit, in document order; `truncated` counts the changes past it. */
export type JsonDiff = { changes: JsonChange[]; truncated: number };

/** How many changes one diff lists before it only counts them. */
export const DEFAULT_CHANGE_LIMIT = 200;

export type DiffJsonOptions = { limit?: number };

/**
 * The structural difference between two JSON values: objects by key (keys of `a` in its order,
 * then keys only `b` has), arrays by index, anything else by value. A value whose type differs
 * (an object against an array, a string against a number) is one `changed` at its path. Changes
 * past `limit` are counted, not listed, so the cost stays linear in the size of the values.
 * A side that is `undefined` (a field one run lacks) makes the other side's whole value one
 * `added` or `removed` at the root. A value past `MAX_SHOWN_VALUE_CHARS` is listed cut or described.
 */
export function diffJson(a: JsonValue | undefined, b: JsonValue | undefined, options: DiffJsonOptions = {}): JsonDiff {
  const limit = options.limit ?? DEFAULT_CHANGE_LIMIT;
  const result: JsonDiff = { changes: [], truncated: 0 };
  const report = (change: JsonChange): void => {
    if (result.changes.length < limit) result.changes.push(boundChange(change));
    else result.truncated += 1;
  };
  if (a === undefined && b !== undefined) report({ kind: 'added', path: [], b });
  else if (a !== undefined && b === undefined) report({ kind: 'removed', path: [], a });
  else if (a !== undefined && b !== undefined) walk(a, b, [], report);
  return result;
}

/** True when two values are the same as `diffJson` sees them (object key order aside). */
export function isJsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return isEmptyDiff(diffJson(a, b, { limit: 0 }));
}

/** True when a diff found nothing, listed or counted. */
export function isEmptyDiff(diff: JsonDiff): boolean {
  return diff.changes.length === 0 && diff.truncated === 0;
}

function walk(a: JsonValue, b: JsonValue, path: (string | number)[], report: (change: JsonChange) => void): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    const shared = Math.min(a.length, b.length);
    for (let index = 0; index < shared; index += 1) walk(a[index] as JsonValue, b[index] as JsonValue, [...path, index], report);
    for (let index = shared; index < a.length; index += 1) report({ kind: 'removed', path: [...path, index], a: a[index] as JsonValue });
    for (let index = shared; index < b.length; index += 1) report({ kind: 'added', path: [...path, index], b: b[index] as JsonValue });
    return;
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    for (const key of Object.keys(a)) {
      const left = a[key] as JsonValue;
      if (Object.hasOwn(b, key)) walk(left, b[key] as JsonValue, [...path, key], report);
      else report({ kind: 'removed', path: [...path, key], a: left });
    }
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key)) report({ kind: 'added', path: [...path, key], b: b[key] as JsonValue });
    }
    return;
  }
  if (a !== b) report({ kind: 'changed', path, a, b });
}

function boundChange(change: JsonChange): JsonChange {
  switch (change.kind) {
    case 'added':
      return { ...change, b: boundShownValue(change.b) };
    case 'removed':
      return { ...change, a: boundShownValue(change.a) };
    case 'changed':
      return { ...change, a: boundShownValue(change.a), b: boundShownValue(change.b) };
  }
}

function isJsonObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
