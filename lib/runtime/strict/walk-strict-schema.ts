import { isPlainObject } from '../vocabulary/json';
import {
  COMPOSITION_KEYWORDS, LARGE_ENUM_THRESHOLD, MAX_LARGE_ENUM_STRING_LENGTH, SUPPORTED_FORMATS,
  SUPPORTED_KEYWORDS, SUPPORTED_TYPES, TYPE_GIVING_KEYWORDS,
} from './strict-limits';
import { describesObject } from './describes-object';
import { appendLocation, formatPythonString, inContext, type SchemaLocation } from './schema-location';
import { findUnsupportedRegexSyntax, type UnsupportedRegexSyntax } from './find-unsupported-regex-syntax';
import { resolveLocalRef } from './resolve-local-ref';
import type { StrictRule, StrictViolation } from './strict-violation';

/** Totals the size limits are checked against, accumulated over the literal document. */
export type SchemaTotals = { properties: number; enumValues: number; stringLength: number };

type WalkState = { root: unknown; violations: StrictViolation[]; totals: SchemaTotals };

/** Bounds recursion on hostile input; such depth already breaks the nesting limit. */
const MAX_WALK_DEPTH = 64;

/**
 * Checks every subschema of the document as written (definitions included, `$ref`s not
 * followed, so each node is reported once) against the per-node rules of
 * https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 */
export function walkStrictSchema(root: unknown, location: SchemaLocation): { violations: StrictViolation[]; totals: SchemaTotals } {
  const state: WalkState = { root, violations: [], totals: { properties: 0, enumValues: 0, stringLength: 0 } };
  walkNode(state, root, location, 0);
  return { violations: state.violations, totals: state.totals };
}

function report(state: WalkState, location: SchemaLocation, rule: StrictRule, text: string): void {
  state.violations.push({ pointer: location.pointer, rule, message: inContext(location, text) });
}

/** Points at the keyword itself while the message names the schema holding it, as OpenAI does. */
function reportKeyword(state: WalkState, location: SchemaLocation, keyword: string, violation: { rule: StrictRule; text: string }): void {
  state.violations.push({ pointer: appendLocation(location, keyword).pointer, rule: violation.rule, message: inContext(location, violation.text) });
}

function walkNode(state: WalkState, node: unknown, location: SchemaLocation, depth: number): void {
  if (depth > MAX_WALK_DEPTH) return;
  if (!isPlainObject(node)) {
    report(state, location, 'invalid-schema', 'schema must be a JSON object.');
    return;
  }
  checkKeywords(state, node, location, depth);
  const types = checkType(state, node, location);
  if (describesObject(node)) checkObject(state, node, location, depth);
  if (types.includes('array') && !('items' in node)) report(state, location, 'missing-items', 'array schema missing items.');
  if ('items' in node) {
    if (isPlainObject(node.items)) walkNode(state, node.items, appendLocation(location, 'items'), depth + 1);
    else reportKeyword(state, location, 'items', { rule: 'invalid-schema', text: "'items' must be a single schema object." });
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    if (!(union in node)) continue;
    const branches = node[union];
    if (!Array.isArray(branches) || branches.length === 0) {
      reportKeyword(state, location, union, { rule: 'invalid-schema', text: `'${union}' must be a non-empty array of schemas.` });
      continue;
    }
    branches.forEach((branch, index) => walkNode(state, branch, appendLocation(location, union, index), depth + 1));
  }
  for (const definitions of ['$defs', 'definitions'] as const) {
    if (!(definitions in node)) continue;
    const entries = node[definitions];
    if (!isPlainObject(entries)) {
      reportKeyword(state, location, definitions, { rule: 'invalid-schema', text: `'${definitions}' must be an object of schemas.` });
      continue;
    }
    for (const [name, definition] of Object.entries(entries)) {
      state.totals.stringLength += name.length;
      walkNode(state, definition, appendLocation(location, definitions, name), depth + 1);
    }
  }
  checkRef(state, node, location);
  checkEnumAndConst(state, node, location);
}

function checkKeywords(state: WalkState, node: Record<string, unknown>, location: SchemaLocation, depth: number): void {
  for (const keyword of Object.keys(node)) {
    if (SUPPORTED_KEYWORDS.has(keyword)) continue;
    if (keyword === '$schema' && depth === 0 && location.pointer === '') continue;
    const text = `${formatPythonString(keyword)} is not permitted.`;
    reportKeyword(state, location, keyword, { rule: classifyKeyword(keyword), text });
  }
  if ('format' in node) {
    const { format } = node;
    if (typeof format !== 'string' || !SUPPORTED_FORMATS.has(format)) {
      const shown = typeof format === 'string' ? formatPythonString(format) : JSON.stringify(format);
      reportKeyword(state, location, 'format', { rule: 'unsupported-format', text: `${shown} is not a valid format.` });
    }
  }
  if (typeof node.pattern === 'string') {
    for (const syntax of findUnsupportedRegexSyntax(node.pattern)) {
      reportKeyword(state, location, 'pattern', { rule: 'unsupported-pattern', text: UNSUPPORTED_REGEX_TEXT[syntax] });
    }
  }
}

const UNSUPPORTED_REGEX_TEXT: Record<UnsupportedRegexSyntax, string> = {
  lookaround: 'regex lookaround is not supported.',
  backreference: 'regex backreferences are not supported.',
};

function classifyKeyword(keyword: string): StrictRule {
  if (COMPOSITION_KEYWORDS.has(keyword)) return 'composition';
  if (keyword === 'oneOf') return 'one-of';
  if (keyword === 'default') return 'default';
  return 'unsupported-keyword';
}

/** The root's type is the root rules' business (`root-object`), so it is not reported twice. */
function checkType(state: WalkState, node: Record<string, unknown>, location: SchemaLocation): string[] {
  const { type } = node;
  const isRoot = location.path.length === 0;
  if (type === undefined) {
    const typed = TYPE_GIVING_KEYWORDS.some((keyword) => keyword in node);
    if (!typed && !isRoot) report(state, location, 'missing-type', "schema must have a 'type' key.");
    return [];
  }
  const listed: unknown[] = Array.isArray(type) ? type : [type];
  const valid = listed.filter((entry): entry is string => typeof entry === 'string' && SUPPORTED_TYPES.has(entry));
  if (!isRoot && (valid.length !== listed.length || listed.length === 0)) {
    reportKeyword(state, location, 'type', { rule: 'invalid-type', text: `${JSON.stringify(type)} is not a valid type.` });
  }
  return valid;
}

function checkObject(state: WalkState, node: Record<string, unknown>, location: SchemaLocation, depth: number): void {
  const { properties, additionalProperties, required } = node;
  if (additionalProperties !== false) {
    report(state, location, 'additional-properties', "'additionalProperties' is required to be supplied and to be false.");
  }
  if (!('properties' in node)) {
    report(state, location, 'missing-properties', 'object schema missing properties.');
    return;
  }
  if (!isPlainObject(properties)) {
    reportKeyword(state, location, 'properties', { rule: 'invalid-schema', text: "'properties' must be an object of schemas." });
    return;
  }
  const listed = new Set(Array.isArray(required) ? required : []);
  for (const [name, child] of Object.entries(properties)) {
    state.totals.properties += 1;
    state.totals.stringLength += name.length;
    const childLocation = appendLocation(location, 'properties', name);
    if (!listed.has(name)) {
      state.violations.push({
        pointer: childLocation.pointer,
        rule: 'all-required',
        message: inContext(location, `'required' is required to be supplied and to be an array including every key in properties. Missing ${formatPythonString(name)}.`),
      });
    }
    walkNode(state, child, childLocation, depth + 1);
  }
}

function checkRef(state: WalkState, node: Record<string, unknown>, location: SchemaLocation): void {
  if (!('$ref' in node)) return;
  const ref = node.$ref;
  if (typeof ref !== 'string' || !resolveLocalRef(state.root, ref)) {
    const shown = typeof ref === 'string' ? formatPythonString(ref) : JSON.stringify(ref);
    reportKeyword(state, location, '$ref', { rule: 'invalid-ref', text: `reference ${shown} does not resolve to a definition in this schema.` });
  }
}

function checkEnumAndConst(state: WalkState, node: Record<string, unknown>, location: SchemaLocation): void {
  if (typeof node.const === 'string') state.totals.stringLength += node.const.length;
  if (!('enum' in node)) return;
  const values = node.enum;
  if (!Array.isArray(values) || values.length === 0) {
    reportKeyword(state, location, 'enum', { rule: 'invalid-schema', text: "'enum' must be a non-empty array." });
    return;
  }
  state.totals.enumValues += values.length;
  let enumLength = 0;
  for (const value of values) {
    if (typeof value === 'string') enumLength += value.length;
    else if (typeof value === 'number' || typeof value === 'boolean') enumLength += String(value).length;
  }
  state.totals.stringLength += enumLength;
  const allStrings = values.every((value) => typeof value === 'string');
  if (allStrings && values.length > LARGE_ENUM_THRESHOLD && enumLength > MAX_LARGE_ENUM_STRING_LENGTH) {
    reportKeyword(state, location, 'enum', {
      rule: 'enum-string-budget',
      text: `an enum with more than ${LARGE_ENUM_THRESHOLD} values has ${enumLength} characters of string values; at most ${MAX_LARGE_ENUM_STRING_LENGTH} are permitted.`,
    });
  }
}
