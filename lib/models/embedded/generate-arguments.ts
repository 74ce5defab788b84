import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime/json';
import { generateFormat } from './generate-format';
import { generateFromPattern } from './generate-from-pattern';
import { pickInteger, pickOne, type Random } from './seeded-random';

/** Values lifted from the user's message, preferred for string fields named like them. */
export type ArgumentHints = {
  /** Quoted strings and file-like words, in message order; each is used once. */
  values: string[];
  /** The words of the request, for query-like fields when nothing was quoted. */
  text: string;
};

export type GenerateArgumentsOptions = { random: Random; hints?: ArgumentHints };

type Schema = { [key: string]: JsonValue };
type Context = { random: Random; root: Schema; hints: ArgumentHints; usedHints: number };

/** Past this depth only required properties and minimum item counts are generated. */
const SHALLOW_DEPTH = 4;
const MAX_DEPTH = 24;
const HINT_KEY = /(path|file|name|query|city|location|url|dir|folder|term|keyword|search|topic|title|^q$)/i;
const QUERY_KEY = /(query|search|term|keyword|topic|^q$)/i;
const WORDS = ['alpha', 'report', 'notes', 'summary', 'draft', 'orbit', 'ledger', 'sample'];

/**
 * Generates a value that validates against `schema`: types, enum/const, numeric bounds and
 * multipleOf, string lengths, simple patterns, common formats, required vs optional properties,
 * arrays with item bounds, anyOf/oneOf (one branch), allOf (merged), `$ref` into the schema.
 */
export function generateArguments(schema: JsonSchema, options: GenerateArgumentsOptions): JsonValue {
  const context: Context = { random: options.random, root: schema, hints: options.hints ?? { values: [], text: '' }, usedHints: 0 };
  return generateValue(schema, context, { depth: 0, key: '' });
}

type Place = { depth: number; key: string };

function generateValue(raw: JsonValue | undefined, context: Context, place: Place): JsonValue {
  if (raw === true || raw === undefined) return 'value';
  if (!isPlainObject(raw)) return null;
  const schema = raw as Schema;
  if (place.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolveReference(context.root, schema.$ref);
    const { $ref: _ref, ...siblings } = schema;
    return generateValue(target ? { ...target, ...siblings } : siblings, context, { ...place, depth: place.depth + 1 });
  }
  if ('const' in schema) return schema.const ?? null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pickOne(context.random, schema.enum);
  if (Array.isArray(schema.allOf)) return generateValue(mergeAllOf(schema, context.root), context, place);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches && branches.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
    const branch = chooseBranch(branches, context, place);
    return generateValue(isPlainObject(branch) ? { ...siblings, ...branch } : branch, context, { ...place, depth: place.depth + 1 });
  }
  const type = chooseType(schema, context, place);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return context.random() < 0.5;
    case 'integer':
    case 'number':
      return generateNumber(schema, type === 'integer', context.random);
    case 'string':
      return generateString(schema, context, place.key);
    case 'array':
      return generateArray(schema, context, place);
    case 'object':
      return generateObject(schema, context, place);
  }
}

function chooseType(schema: Schema, context: Context, place: Place): 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object' {
  const known = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'] as const;
  const listed = (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []).filter(
    (type): type is (typeof known)[number] => known.includes(type as (typeof known)[number]),
  );
  if (schema.nullable === true && !listed.includes('null')) {
    if (context.random() < 0.2 || place.depth > SHALLOW_DEPTH) return 'null';
  }
  if (listed.length > 0) {
    const nonNull = listed.filter((type) => type !== 'null');
    if (nonNull.length === 0) return 'null';
    if (listed.includes('null') && (place.depth > SHALLOW_DEPTH || context.random() < 0.2)) return 'null';
    return pickOne(context.random, nonNull);
  }
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) return 'array';
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'multipleOf' in schema) return 'number';
  return 'string';
}

function chooseBranch(branches: JsonValue[], context: Context, place: Place): JsonValue {
  if (place.depth > SHALLOW_DEPTH) {
    const simple = branches.find((branch) => isPlainObject(branch) && !JSON.stringify(branch).includes('$ref'));
    if (simple !== undefined) return simple;
  }
  return pickOne(context.random, branches);
}

function generateNumber(schema: Schema, integer: boolean, random: Random): number {
  const bound = (inclusive: JsonValue | undefined, exclusive: JsonValue | undefined, legacyFlag: JsonValue | undefined) => {
    if (typeof exclusive === 'number') return { value: exclusive, exclusive: true };
    if (typeof inclusive === 'number') return { value: inclusive, exclusive: legacyFlag === true };
    return undefined;
  };
  const lower = bound(schema.minimum, schema.exclusiveMinimum, schema.exclusiveMinimum);
  const upper = bound(schema.maximum, schema.exclusiveMaximum, schema.exclusiveMaximum);
  let low = lower ? lower.value : upper ? Math.min(0, upper.value - 100) : 0;
  let high = upper ? upper.value : low + 100;
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  if (multipleOf !== undefined) {
    let first = Math.ceil(low / multipleOf);
    let last = Math.floor(high / multipleOf);
    if (lower?.exclusive && first * multipleOf <= low) first += 1;
    if (upper?.exclusive && last * multipleOf >= high) last -= 1;
    for (let attempt = 0; attempt < 20 && first <= last; attempt += 1) {
      const value = roundLike(pickInteger(random, first, Math.min(last, first + 1_000)) * multipleOf, multipleOf);
      if (Number.isInteger(value / multipleOf) && (!integer || Number.isInteger(value))) return value;
    }
    return roundLike(first * multipleOf, multipleOf);
  }
  if (lower?.exclusive) low += Math.min(0.5, (high - low) / 4);
  if (upper?.exclusive) high -= Math.min(0.5, (high - low) / 4);
  const value = Math.round((low + (high - low) * random()) * 100) / 100;
  return value >= low && value <= high ? value : (low + high) / 2;
}

function roundLike(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(value.toFixed(Math.min(decimals, 20)));
}

function generateString(schema: Schema, context: Context, key: string): string {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (value: string) => {
    const length = [...value].length;
    if (length < minLength || length > maxLength) return false;
    return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
  };
  if (typeof schema.format === 'string') {
    const formatted = generateFormat(schema.format, context.random);
    if (formatted !== undefined) return formatted;
  }
  const hint = takeHint(context, key);
  if (hint !== undefined && fits(hint)) {
    context.usedHints += 1;
    return hint;
  }
  if (typeof schema.pattern === 'string') {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const generated = generateFromPattern(schema.pattern, context.random);
      if (generated !== undefined && fits(generated)) return generated;
    }
  }
  let value = defaultStringFor(key, context.random);
  while ([...value].length < minLength) value += pickOne(context.random, 'abcdefghijklmnopqrstuvwxyz');
  return [...value].slice(0, Math.max(minLength, Math.min(maxLength, [...value].length))).join('');
}

function takeHint(context: Context, key: string): string | undefined {
  if (!HINT_KEY.test(key)) return undefined;
  const quoted = context.hints.values[context.usedHints];
  if (quoted !== undefined) return quoted;
  if (QUERY_KEY.test(key) && context.hints.text) return context.hints.text;
  return undefined;
}

function defaultStringFor(key: string, random: Random): string {
  if (/path|file/i.test(key)) return 'notes.txt';
  if (/city|location/i.test(key)) return pickOne(random, ['Paris', 'Lagos', 'Osaka']);
  if (/name/i.test(key)) return pickOne(random, ['Ada', 'Grace', 'Linus']);
  return pickOne(random, WORDS);
}

function generateArray(schema: Schema, context: Context, place: Place): JsonValue[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const minItems = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, 0);
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const restAllowed = rest !== false;
  const ceiling = restAllowed ? Math.min(maxItems, minItems + 2) : Math.min(maxItems, prefix.length);
  const count = place.depth > SHALLOW_DEPTH ? minItems : pickInteger(context.random, minItems, Math.max(minItems, ceiling));
  const items: JsonValue[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; items.length < count && attempt < count * 8 + 8; attempt += 1) {
    const itemSchema = items.length < prefix.length ? prefix[items.length] : rest;
    const value = generateValue(itemSchema, context, { depth: place.depth + 1, key: place.key });
    if (schema.uniqueItems === true) {
      const fingerprint = JSON.stringify(value);
      if (seen.has(fingerprint)) continue;
      seen.add(fingerprint);
    }
    items.push(value);
  }
  return items;
}

function generateObject(schema: Schema, context: Context, place: Place): { [key: string]: JsonValue } {
  const properties = isPlainObject(schema.properties) ? (schema.properties as Schema) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const maxProperties = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
  const keys = Object.keys(properties).filter(
    (key) => required.includes(key) || (place.depth <= SHALLOW_DEPTH && context.random() < 0.6),
  );
  for (const key of required) if (!keys.includes(key)) keys.push(key);
  for (const key of Object.keys(properties)) {
    if (keys.length >= minProperties) break;
    if (!keys.includes(key)) keys.push(key);
  }
  const chosen = keys.filter((key) => required.includes(key)).concat(keys.filter((key) => !required.includes(key)));
  const value: { [key: string]: JsonValue } = {};
  for (const key of chosen.slice(0, Math.max(required.length, maxProperties))) {
    const propertySchema = properties[key] ?? additionalSchema(schema);
    value[key] = generateValue(propertySchema, context, { depth: place.depth + 1, key });
  }
  for (let index = 1; Object.keys(value).length < minProperties && schema.additionalProperties !== false; index += 1) {
    value[`extra_${index}`] = generateValue(additionalSchema(schema), context, { depth: place.depth + 1, key: `extra_${index}` });
  }
  return value;
}

function additionalSchema(schema: Schema): JsonValue {
  return isPlainObject(schema.additionalProperties) ? schema.additionalProperties : {};
}

function mergeAllOf(schema: Schema, root: Schema): Schema {
  const { allOf, ...base } = schema;
  const merged: Schema = { ...base };
  for (const part of Array.isArray(allOf) ? allOf : []) {
    if (!isPlainObject(part)) continue;
    const resolved = typeof part.$ref === 'string' ? (resolveReference(root, part.$ref) ?? {}) : (part as Schema);
    for (const [key, value] of Object.entries(resolved)) {
      if (key === 'properties' && isPlainObject(value)) merged.properties = { ...(isPlainObject(merged.properties) ? merged.properties : {}), ...value };
      else if (key === 'required' && Array.isArray(value)) merged.required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...value])];
      else merged[key] = value;
    }
  }
  return merged;
}

/** Resolves a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer). */
export function resolveReference(root: Schema, reference: string): Schema | undefined {
  if (!reference.startsWith('#')) return undefined;
  let node: JsonValue = root;
  for (const segment of reference.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as { [key: string]: JsonValue })[key] ?? null;
  }
  return isPlainObject(node) ? (node as Schema) : undefined;
}
