import { isPlainObject, type JsonSchema, type JsonValue, escapePointerSegment } from '@/lib/runtime';
import { normalizePattern } from '../schema';
import { describeJsonType } from './read-import-fields';

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const COUNT_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
const STRING_KEYWORDS = ['format', 'title', 'description', 'contentEncoding', 'contentMediaType', '$comment'];
const BOOLEAN_KEYWORDS = ['uniqueItems', 'deprecated', 'readOnly', 'writeOnly'];

/**
 * Rewrites one schema node (its subschemas already rewritten) so that the JSON Schema 2020-12
 * meta-schema, and hence Ajv, accepts it, keeping what it means where another dialect said it
 * differently: draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` become the bound itself,
 * patterns go through `normalizePattern`, and a keyword whose value has the wrong shape (a `type`
 * that is no JSON type, a string `minimum`, an empty `enum`) is dropped. Each change is a note
 * led by its JSON pointer. Mutates `node`, which the caller has just built.
 */
export function repairSchemaKeywords(node: JsonSchema, pointer: string, notes: string[]): void {
  const at = (keyword: string) => `${pointer}/${escapePointerSegment(keyword)}`;
  const drop = (keyword: string, why: string) => {
    notes.push(`${at(keyword)}: ${why}; dropped.`);
    delete node[keyword];
  };
  for (const [bound, limit] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    const flag = node[bound];
    if (typeof flag !== 'boolean') continue;
    // `true` makes the limit exclusive; `false`, or `true` with no limit, bounds nothing more than `minimum`/`maximum` alone.
    if (flag && typeof node[limit] === 'number') {
      node[bound] = node[limit];
      delete node[limit];
    } else {
      delete node[bound];
    }
  }
  repairType(node, at('type'), notes);
  for (const keyword of NUMBER_KEYWORDS) {
    if (keyword in node && !isFiniteNumber(node[keyword])) drop(keyword, `expected a number, got ${describeJsonType(node[keyword])}`);
  }
  if ('multipleOf' in node && !(isFiniteNumber(node.multipleOf) && node.multipleOf > 0)) drop('multipleOf', 'expected a number above 0');
  for (const keyword of COUNT_KEYWORDS) {
    const value = node[keyword];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) drop(keyword, `expected a whole number of at least 0, got ${JSON.stringify(value)}`);
  }
  for (const keyword of STRING_KEYWORDS) {
    if (keyword in node && typeof node[keyword] !== 'string') drop(keyword, `expected a string, got ${describeJsonType(node[keyword])}`);
  }
  for (const keyword of BOOLEAN_KEYWORDS) {
    if (keyword in node && typeof node[keyword] !== 'boolean') drop(keyword, `expected true or false, got ${describeJsonType(node[keyword])}`);
  }
  if ('required' in node) {
    if (Array.isArray(node.required)) node.required = [...new Set(node.required.filter((name): name is string => typeof name === 'string'))];
    else drop('required', `expected an array of property names, got ${describeJsonType(node.required)}`);
  }
  if ('enum' in node && !(Array.isArray(node.enum) && node.enum.length > 0)) drop('enum', `expected a non-empty array, got ${describeJsonType(node.enum)}`);
  if ('examples' in node && !Array.isArray(node.examples)) node.examples = [node.examples as JsonValue];
  if ('dependentRequired' in node && !isStringListMap(node.dependentRequired)) drop('dependentRequired', 'expected an object of property-name arrays');
  repairPattern(node, at('pattern'), notes);
  repairPatternProperties(node, at('patternProperties'), notes);
}

function repairType(node: JsonSchema, at: string, notes: string[]): void {
  const { type } = node;
  if (type === undefined) return;
  const listed: unknown[] = Array.isArray(type) ? type : [type];
  const known = [...new Set(listed.filter((name): name is string => typeof name === 'string' && TYPES.has(name)))];
  const unknown = listed.filter((name) => !(typeof name === 'string' && TYPES.has(name)));
  if (unknown.length > 0) notes.push(`${at}: ${unknown.map((name) => JSON.stringify(name)).join(', ')} ${unknown.length === 1 ? 'is not a JSON Schema type' : 'are not JSON Schema types'}; dropped.`);
  if (known.length === 0) delete node.type;
  else node.type = Array.isArray(type) ? known : (known[0] as string);
}

function repairPattern(node: JsonSchema, at: string, notes: string[]): void {
  const { pattern } = node;
  if (pattern === undefined) return;
  if (typeof pattern !== 'string') {
    notes.push(`${at}: expected a string, got ${describeJsonType(pattern)}; dropped.`);
    delete node.pattern;
    return;
  }
  const outcome = normalizePattern(pattern);
  if (outcome.kind === 'dropped') {
    notes.push(`${at}: dropped, so the value is not checked against it. ${outcome.reason}`);
    delete node.pattern;
  } else if (outcome.kind === 'translated') {
    node.pattern = outcome.pattern;
    if (outcome.minLength !== undefined) node.minLength = Math.max(outcome.minLength, isFiniteNumber(node.minLength) ? node.minLength : 0);
    if (outcome.maxLength !== undefined) node.maxLength = Math.min(outcome.maxLength, isFiniteNumber(node.maxLength) ? node.maxLength : Infinity);
  }
}

function repairPatternProperties(node: JsonSchema, at: string, notes: string[]): void {
  const map = node.patternProperties;
  if (!isPlainObject(map)) return;
  const repaired: JsonSchema = {};
  for (const [pattern, schema] of Object.entries(map)) {
    const outcome = normalizePattern(pattern);
    if (outcome.kind === 'dropped') notes.push(`${at}/${escapePointerSegment(pattern)}: dropped with its schema. ${outcome.reason}`);
    else if (outcome.kind === 'translated' && outcome.minLength === undefined && outcome.maxLength === undefined) repaired[outcome.pattern] = schema as JsonValue;
    else if (outcome.kind === 'translated') notes.push(`${at}/${escapePointerSegment(pattern)}: dropped with its schema; the pattern repeats more than RE2 allows.`);
    else repaired[pattern] = schema as JsonValue;
  }
  node.patternProperties = repaired;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isStringListMap(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every((names) => Array.isArray(names) && names.every((name) => typeof name === 'string'));
}
