import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime';
import { generateNumber } from './generate-number';
import { generateString } from './generate-string';
import {
  createGenerationContext,
  enterValue,
  formatPointer,
  listClamps,
  noteClamp,
  reserveCharacters,
  setEntry,
  type GenerationContext,
  type Place,
  type Schema,
} from './generation-context';
import { mergeAllOf } from './merge-all-of';
import { readObjectShape } from './read-object-shape';
import { resolveReference } from './resolve-reference';
import { pickInteger, pickOne, type Random } from '../seeded-random';
import type { MessageValues } from '../read-message-values';
import { takeMentionedMember, takeMessageNumber } from './take-message-value';

/** Values lifted from the user's message, preferred for string fields named like them. */
export type ArgumentHints = {
  /** Quoted strings and file-like words, in message order; each is used once. */
  values: string[];
  /** The words of the request, for query-like fields when nothing was quoted. */
  text: string;
  /** Places, numbers, ids and words of the message, for place, numeric, id-like and enum fields. */
  message?: MessageValues;
};

export type GenerateArgumentsOptions = { random: Random; hints?: ArgumentHints };

/** What the generator produced, and where it clamped to stay within `GENERATOR_LIMITS`. */
export type GeneratedArguments = {
  value: JsonValue;
  /** `/city = "Paris"`: the fields whose value came from the message, in the order generated. */
  taken: string[];
  /** Short sentences naming the JSON pointer and what was clamped, deduplicated; empty when nothing was. */
  clamps: string[];
  /** Schema nodes visited, at most `GENERATOR_LIMITS.nodes`. */
  nodes: number;
};

/** Past this many schema steps only required properties and minimum item counts are generated. */
const SHALLOW_DEPTH = 4;
const TYPES = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'] as const;
type TypeName = (typeof TYPES)[number];
/** A `type` list longer than this repeats itself; only its head is read. */
const MAX_LISTED_TYPES = 16;

/**
 * Generates a value that validates against `schema`: types, enum/const, numeric bounds and
 * multipleOf, string lengths, simple patterns, common formats, required vs optional properties,
 * arrays with item bounds, anyOf/oneOf (one branch), allOf (merged), `$ref` into the schema.
 * Time and size are bounded by `GENERATOR_LIMITS` whatever the schema; where a limit cut the
 * value short of the schema, `clamps` says so. The same schema and seed give the same result.
 */
export function generateArguments(schema: JsonSchema, options: GenerateArgumentsOptions): GeneratedArguments {
  const context = createGenerationContext({ random: options.random, root: schema, hints: options.hints });
  const value = generateValue(schema, context, { depth: 0, level: 0, key: '', path: undefined });
  return { value: value ?? null, taken: context.taken, clamps: listClamps(context), nodes: context.nodes };
}

/** `undefined` when a limit left nothing to put here; containers then leave the slot out. */
function generateValue(raw: JsonValue | undefined, context: GenerationContext, place: Place): JsonValue | undefined {
  if (context.exhausted) return undefined;
  if (context.nodes >= context.limits.nodes) {
    context.exhausted = true;
    noteClamp(context, `node limit ${context.limits.nodes} reached at ${formatPointer(place.path)}`, 'nodes');
    return undefined;
  }
  context.nodes += 1;
  if (raw === true || raw === undefined) return emit('value', context, place);
  if (!isPlainObject(raw)) return emit(null, context, place);
  const schema = raw as Schema;
  if (typeof schema.$ref === 'string') {
    const target = expandReference(schema.$ref, context, place);
    if (target === false) return undefined;
    const { $ref: _ref, ...siblings } = schema;
    const next = target ? (Object.keys(siblings).length === 0 ? target : { ...target, ...siblings }) : siblings;
    return generateValue(next, context, { ...place, depth: place.depth + 1 });
  }
  if ('const' in schema) return emit(schema.const ?? null, context, place);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return emit(takeMentionedMember(schema.enum, context, place) ?? pickOne(context.random, schema.enum), context, place);
  if (Array.isArray(schema.allOf)) return generateValue(foldAllOf(schema, context, place), context, place);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches && branches.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
    const branch = chooseBranch(branches, context, place);
    return generateValue(isPlainObject(branch) ? { ...siblings, ...(branch as Schema) } : branch, context, { ...place, depth: place.depth + 1 });
  }
  const type = chooseType(schema, context, place);
  switch (type) {
    case 'null':
      return emit(null, context, place);
    case 'boolean':
      return emit(context.random() < 0.5, context, place);
    case 'integer':
    case 'number':
      return emit(takeMessageNumber(schema, type === 'integer', context, place) ?? generateNumber(schema, type === 'integer', context.random), context, place);
    case 'string':
      return emit(generateString(schema, context, place), context, place);
    case 'array':
      return generateArray(schema, context, place);
    case 'object':
      return generateObject(schema, context, place);
  }
}

/** A leaf value, if the output budget has room for it. */
function emit(value: JsonValue, context: GenerationContext, place: Place): JsonValue | undefined {
  const { outputCharacters } = context.limits;
  // A string longer than the budget cannot fit, and measuring a huge one from the schema costs its size.
  const size = typeof value === 'string' && value.length > outputCharacters ? value.length : JSON.stringify(value).length;
  return reserveCharacters(context, place, size) ? value : undefined;
}

/** The `$ref` target (undefined when it does not resolve), or `false` once expansions are spent. */
function expandReference(reference: string, context: GenerationContext, place: Place): Schema | undefined | false {
  if (context.references >= context.limits.references) {
    noteClamp(context, `$ref limit ${context.limits.references} reached at ${formatPointer(place.path)}`, 'references');
    return false;
  }
  context.references += 1;
  return resolveReference(context.root, reference);
}

function foldAllOf(schema: Schema, context: GenerationContext, place: Place): Schema {
  const known = context.merged.get(schema);
  if (known) return known;
  const merged = mergeAllOf(schema, (reference) => expandReference(reference, context, place) || undefined);
  context.merged.set(schema, merged);
  return merged;
}

function chooseType(schema: Schema, context: GenerationContext, place: Place): TypeName {
  const declared = Array.isArray(schema.type) ? schema.type.slice(0, MAX_LISTED_TYPES) : typeof schema.type === 'string' ? [schema.type] : [];
  const listed = declared.filter((type): type is TypeName => TYPES.includes(type as TypeName));
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

function chooseBranch(branches: JsonValue[], context: GenerationContext, place: Place): JsonValue {
  if (place.depth > SHALLOW_DEPTH) {
    const simple = branches.find((branch) => isPlainObject(branch) && !mentionsReference(branch, context));
    if (simple !== undefined) return simple;
  }
  return pickOne(context.random, branches);
}

/** Whether `$ref` appears anywhere in the value (a key or a string); assumed once the scan budget is spent. */
function mentionsReference(value: JsonValue, context: GenerationContext): boolean {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const next = stack.pop() as JsonValue;
    context.referenceScans -= 1;
    if (context.referenceScans < 0) return true;
    if (typeof next === 'string') {
      context.referenceScans -= Math.floor(next.length / 64);
      if (next.includes('$ref')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) stack.push(item);
    } else if (isPlainObject(next)) {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('$ref')) return true;
        stack.push(child as JsonValue);
      }
    }
  }
  return false;
}

function noteDepth(context: GenerationContext, place: Place): void {
  noteClamp(context, `depth limit ${context.limits.depth} reached at ${formatPointer(place.path)}`, 'depth');
}

function generateArray(schema: Schema, context: GenerationContext, place: Place): JsonValue[] | undefined {
  if (!reserveCharacters(context, place, 2)) return undefined;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const minItems = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, 0);
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const restAllowed = rest !== false;
  const ceiling = restAllowed ? Math.min(maxItems, minItems + 2) : Math.min(maxItems, prefix.length);
  const drawn = place.depth > SHALLOW_DEPTH ? minItems : pickInteger(context.random, minItems, Math.max(minItems, ceiling));
  const { arrayItems } = context.limits;
  if (minItems > arrayItems) noteClamp(context, `${formatPointer(place.path)}: minItems ${minItems} clamped to ${arrayItems}`);
  const count = Math.min(drawn, arrayItems);
  const items: JsonValue[] = [];
  if (count > 0 && place.level >= context.limits.depth) {
    noteDepth(context, place);
    return items;
  }
  const seen = new Set<string>();
  for (let attempt = 0; items.length < count && attempt < count * 8 + 8; attempt += 1) {
    const itemSchema = items.length < prefix.length ? prefix[items.length] : rest;
    const value = generateValue(itemSchema, context, enterValue(place, String(items.length), place.key));
    if (value === undefined) {
      if (context.exhausted) break;
      continue;
    }
    if (schema.uniqueItems === true) {
      const fingerprint = JSON.stringify(value);
      if (seen.has(fingerprint)) continue;
      seen.add(fingerprint);
    }
    if (!reserveCharacters(context, place, 1)) break;
    items.push(value);
  }
  return items;
}

function generateObject(schema: Schema, context: GenerationContext, place: Place): { [key: string]: JsonValue } | undefined {
  if (!reserveCharacters(context, place, 2)) return undefined;
  const { limits } = context;
  const shape = readObjectShape(schema, context.shapes);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const maxProperties = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
  const allowed = shape.required.length + limits.extraProperties;
  const target = Math.min(minProperties, allowed);
  if (minProperties > allowed) noteClamp(context, `${formatPointer(place.path)}: minProperties ${minProperties} clamped to ${allowed}`);
  const value: { [key: string]: JsonValue } = {};
  if (place.level >= limits.depth) {
    if (shape.required.length > 0 || target > 0) noteDepth(context, place);
    return value;
  }
  const optional: string[] = [];
  if (place.depth <= SHALLOW_DEPTH) {
    for (const key of shape.keys) {
      if (optional.length >= limits.extraProperties) break;
      if (!shape.requiredSet.has(key) && context.random() < 0.6) optional.push(key);
    }
  }
  const chosen = new Set([...shape.required, ...optional]);
  for (const key of shape.keys) {
    if (chosen.size >= target) break;
    chosen.add(key);
  }
  let size = 0;
  const addEntry = (key: string, propertySchema: JsonValue | undefined): boolean => {
    if (!reserveCharacters(context, place, JSON.stringify(key).length + 2)) return false;
    const child = generateValue(propertySchema, context, enterValue(place, key));
    if (child === undefined) return !context.exhausted;
    setEntry(value, key, child);
    size += 1;
    return true;
  };
  for (const key of [...chosen].slice(0, Math.max(shape.required.length, maxProperties))) {
    const declared = Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined;
    if (!addEntry(key, declared ?? additionalSchema(schema))) break;
  }
  for (let index = 1; size < target && schema.additionalProperties !== false && !context.exhausted; index += 1) {
    const key = `extra_${index}`;
    if (!Object.hasOwn(value, key) && !addEntry(key, additionalSchema(schema))) break;
  }
  return value;
}

function additionalSchema(schema: Schema): JsonValue {
  return isPlainObject(schema.additionalProperties) ? schema.additionalProperties : {};
}
