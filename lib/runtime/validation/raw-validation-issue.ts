import type { JsonPath } from '../json-pointer';
import { isPlainObject, type JsonValue } from '../vocabulary/json';

/** What a value is, in JSON's words; `undefined` where nothing was there. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'undefined';

/** Which measure a bound limits: a number's value, a string's characters, an array's items, an object's properties. */
export type BoundSubject = 'number' | 'string' | 'array' | 'object';

/**
 * One failing location as a validator found it, before any wording: Zod (in the host realm or
 * as JSON from the sandbox) and Ajv both produce these, and `formatValidationIssues` is the one
 * place that phrases them for the model. `path` points at the offending value; for `missing`,
 * `unexpected-property` and `invalid-key` it ends with the key concerned.
 */
export type RawValidationIssue =
  | { code: 'missing'; path: JsonPath }
  | { code: 'unexpected-property'; path: JsonPath }
  | { code: 'invalid-key'; path: JsonPath }
  /** `expected` lists JSON Schema type names (`integer` included); `received` is what was there. */
  | { code: 'type'; path: JsonPath; expected: string[]; received: ValueKind }
  /** One value for `const` and `z.literal`, several for `enum`. */
  | { code: 'enum'; path: JsonPath; values: JsonValue[] }
  | { code: 'too-small' | 'too-big'; path: JsonPath; subject: BoundSubject; limit: number; inclusive: boolean }
  /** A JSON Schema format name (`email`, `uri`, `date-time`, ...). */
  | { code: 'format'; path: JsonPath; format: string }
  /** The regular expression's source, without delimiters or flags. */
  | { code: 'pattern'; path: JsonPath; pattern: string }
  | { code: 'multiple-of'; path: JsonPath; divisor: number }
  | { code: 'duplicate-items'; path: JsonPath; indexes: [number, number] }
  /** No alternative of a union (`anyOf`, `oneOf`, `z.union`) accepts the value. */
  | { code: 'no-alternative'; path: JsonPath }
  /** A `oneOf` whose value matches more than one alternative. */
  | { code: 'several-alternatives'; path: JsonPath }
  /** Anything else, in the validator's or the schema author's own words (a refinement, `not`, `contains`). */
  | { code: 'other'; path: JsonPath; message: string };

export type RawValidationIssueCode = RawValidationIssue['code'];

/** The value at `path` inside `root`, or undefined when the path leads nowhere. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

/** True when `path` names a key that its (object) parent does not have. */
export function isMissingKey(root: unknown, path: JsonPath): boolean {
  if (path.length === 0) return false;
  const parent = valueAt(root, path.slice(0, -1));
  return isPlainObject(parent) && !Object.hasOwn(parent, String(path[path.length - 1]));
}

export function kindOf(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return value === undefined ? 'undefined' : 'object';
}
