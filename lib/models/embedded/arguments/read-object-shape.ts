import { isPlainObject, type JsonValue } from '@/lib/runtime';
import type { Schema } from './generation-context';

/** An object schema's keys, in the order generation visits them. */
export type ObjectShape = {
  properties: Schema;
  /** `properties` keys in schema order. */
  keys: readonly string[];
  /** Required names: those under `properties` in schema order, then the rest in `required` order. */
  required: readonly string[];
  requiredSet: ReadonlySet<string>;
};

/** Per-call memo keyed by the `properties` object, shared by every schema that reuses it. */
export type ObjectShapeMemo = WeakMap<object, { keys: string[]; index: Map<string, number>; orders: WeakMap<JsonValue[], { list: string[]; set: Set<string> }> }>;

const NO_PROPERTIES: Schema = {};
const NO_REQUIRED: JsonValue[] = [];

/**
 * Reads `properties` and `required` once per call however often a schema is reached (through
 * array items or `$ref`), so a schema with thousands of keys costs its size once, not per visit.
 */
export function readObjectShape(schema: Schema, memo: ObjectShapeMemo): ObjectShape {
  const properties = isPlainObject(schema.properties) ? (schema.properties as Schema) : NO_PROPERTIES;
  let entry = memo.get(properties);
  if (!entry) {
    const keys = Object.keys(properties);
    entry = { keys, index: new Map(keys.map((key, position) => [key, position])), orders: new WeakMap() };
    memo.set(properties, entry);
  }
  const requiredList = Array.isArray(schema.required) ? schema.required : NO_REQUIRED;
  let required = entry.orders.get(requiredList);
  if (!required) {
    const { index } = entry;
    const names = [...new Set(requiredList.filter((key): key is string => typeof key === 'string'))];
    const listed = names.filter((key) => index.has(key)).sort((left, right) => (index.get(left) ?? 0) - (index.get(right) ?? 0));
    const list = [...listed, ...names.filter((key) => !index.has(key))];
    required = { list, set: new Set(list) };
    entry.orders.set(requiredList, required);
  }
  return { properties, keys: entry.keys, required: required.list, requiredSet: required.set };
}
