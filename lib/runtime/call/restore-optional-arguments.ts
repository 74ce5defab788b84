import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { allowsNull } from '../strict/allows-null';
import { resolveLocalRef } from '../strict/resolve-local-ref';

/** Guards `$ref` chains and recursive schemas against runaway descent on hostile input. */
const MAX_DEPTH = 128;

/**
 * Undoes what `strictifySchema` asked of the model: a strict schema makes every field required,
 * so the model sends `null` for one it wanted to omit. Before validation and `execute`, those
 * nulls are removed so the tool sees the field absent, as authored. Only fields that were
 * optional in the original schema and whose original schema rejects null are touched,
 * recursively through nested objects, array items, unions and local `$ref`s. Never mutates
 * its input.
 */
export function restoreOptionalArguments(args: JsonValue, originalSchema: JsonSchema): JsonValue {
  return restoreValue(args, originalSchema, { root: originalSchema, depth: 0 });
}

type Walk = { root: JsonSchema; depth: number };

/** The schema's own fields first, then the union branch the result belongs to: both constrain it. */
function restoreValue(value: JsonValue, schema: unknown, walk: Walk): JsonValue {
  if (walk.depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  const node = resolveSchema(schema, walk);
  if (!isPlainObject(node)) return value;
  const next: Walk = { root: walk.root, depth: walk.depth + 1 };
  const restored = restoreOwnFields(value, node, walk, next);
  const branch = pickBranch(restored, node, walk);
  return branch === undefined ? restored : restoreValue(restored, branch, next);
}

function restoreOwnFields(value: JsonValue[] | { [key: string]: JsonValue }, node: Record<string, unknown>, walk: Walk, next: Walk): JsonValue {
  if (Array.isArray(value)) {
    const { items } = node;
    return isPlainObject(items) ? value.map((item) => restoreValue(item, items, next)) : value;
  }
  if (!isPlainObject(node.properties)) return value;
  const properties = node.properties;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const out: { [key: string]: JsonValue } = {};
  for (const [key, entry] of Object.entries(value)) {
    const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (propertySchema === undefined) {
      define(out, key, entry);
      continue;
    }
    if (entry === null && !required.has(key) && !allowsNull(propertySchema, walk.root)) continue;
    define(out, key, restoreValue(entry, propertySchema, next));
  }
  return out;
}

function resolveSchema(schema: unknown, walk: Walk): unknown {
  let current = schema;
  for (let hops = 0; hops < MAX_DEPTH && isPlainObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const target = resolveLocalRef(walk.root, current.$ref);
    if (!target) return current;
    current = target.value;
  }
  return current;
}

/** For a union, the first branch the value plausibly belongs to: matching type, required keys present, matching constants. */
function pickBranch(value: JsonValue, node: Record<string, unknown>, walk: Walk): unknown {
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = node[union];
    if (!Array.isArray(branches)) continue;
    return branches.find((branch) => isPlausibleBranch(value, resolveSchema(branch, walk)));
  }
  return undefined;
}

function isPlausibleBranch(value: JsonValue, branch: unknown): boolean {
  if (!isPlainObject(branch)) return false;
  const types: unknown[] = branch.type === undefined ? [] : Array.isArray(branch.type) ? branch.type : [branch.type];
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'object' ? 'object' : undefined;
  if (types.length > 0 && !types.includes(kind)) return false;
  if (!isPlainObject(value)) return true;
  if (Array.isArray(branch.required) && branch.required.some((key) => typeof key === 'string' && !Object.hasOwn(value, key))) return false;
  if (!isPlainObject(branch.properties)) return true;
  for (const [key, property] of Object.entries(branch.properties)) {
    if (!isPlainObject(property) || !Object.hasOwn(value, key)) continue;
    if ('const' in property && JSON.stringify(property.const) !== JSON.stringify(value[key])) return false;
    if (Array.isArray(property.enum) && !property.enum.some((member) => JSON.stringify(member) === JSON.stringify(value[key]))) return false;
  }
  return true;
}

function define(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
