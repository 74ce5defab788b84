import type { ErrorObject } from 'ajv';
import { splitJsonPointer, type JsonPath } from '../json-pointer';
import type { JsonValue } from '../vocabulary/json';
import { collapseAlternatives } from './collapse-alternatives';
import { kindOf, valueAt, type BoundSubject, type RawValidationIssue } from './raw-validation-issue';

type Bound = { code: 'too-small' | 'too-big'; subject: BoundSubject };

/** Ajv's bound keywords: lower ones, then upper ones, per what they count. */
const BOUND_KEYWORDS: [BoundSubject, string[], string[]][] = [
  ['number', ['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']],
  ['string', ['minLength'], ['maxLength']],
  ['array', ['minItems'], ['maxItems', 'items', 'additionalItems']],
  ['object', ['minProperties'], ['maxProperties']],
];
const BOUNDS = new Map<string, Bound>(
  BOUND_KEYWORDS.flatMap(([subject, lower, upper]) => [
    ...lower.map((keyword): [string, Bound] => [keyword, { code: 'too-small', subject }]),
    ...upper.map((keyword): [string, Bound] => [keyword, { code: 'too-big', subject }]),
  ]),
);

/** An error, or a union already collapsed, with the raw issues it stands for. */
type Entry = { error: ErrorObject; issues: RawValidationIssue[] };

/**
 * Ajv errors (`allErrors`) → raw issues. `value` is what was validated, to read the type that was
 * received and to tell array indexes from keys. A failed `anyOf`/`oneOf` comes right after the
 * errors of its alternatives; those are folded into it (`collapseAlternatives`), as Zod does.
 */
export function readAjvErrors(errors: readonly ErrorObject[], value: unknown): RawValidationIssue[] {
  const entries: Entry[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      entries.push({ error, issues: readAjvError(error, value) });
      continue;
    }
    let start = entries.length;
    for (let entry = entries[start - 1]; entry && belongsToUnion(entry.error, error); entry = entries[start - 1]) start -= 1;
    const alternatives = entries.splice(start);
    entries.push({ error, issues: readUnion(error, alternatives, value) });
  }
  return entries.flatMap((entry) => entry.issues);
}

function readUnion(union: ErrorObject, alternatives: Entry[], value: unknown): RawValidationIssue[] {
  const path = toPath(union.instancePath, value);
  if (union.keyword === 'oneOf' && Array.isArray(union.params.passingSchemas)) return [{ code: 'several-alternatives', path }];
  // Grouped by the alternative's index in the schema path; errors reached through a `$ref` carry the
  // referenced schema's path instead, so each run of them counts as one alternative of its own.
  const groups: RawValidationIssue[][] = [];
  let group: RawValidationIssue[] | undefined;
  let previous: string | undefined;
  for (const entry of alternatives) {
    const index = alternativeIndex(entry.error, union) ?? '$ref';
    if (!group || index !== previous) {
      group = [];
      groups.push(group);
    }
    group.push(...entry.issues);
    previous = index;
  }
  return collapseAlternatives(path, groups);
}

function alternativeIndex(error: ErrorObject, union: ErrorObject): string | undefined {
  const prefix = `${union.schemaPath}/`;
  return error.schemaPath.startsWith(prefix) ? error.schemaPath.slice(prefix.length).split('/')[0] : undefined;
}

/** Inside the union's own alternatives, or reached from one through a `$ref` (then it is about the same place or below). */
function belongsToUnion(error: ErrorObject, union: ErrorObject): boolean {
  if (alternativeIndex(error, union) !== undefined) return true;
  const parentSchema = union.schemaPath.slice(0, union.schemaPath.lastIndexOf('/'));
  const below = error.instancePath === union.instancePath || error.instancePath.startsWith(`${union.instancePath}/`);
  return below && !error.schemaPath.startsWith(`${parentSchema}/`);
}

function readAjvError(error: ErrorObject, value: unknown): RawValidationIssue[] {
  // What is wrong with a property name is reported once, by `propertyNames` itself.
  if (error.propertyName !== undefined && error.keyword !== 'propertyNames') return [];
  const path = toPath(error.instancePath, value);
  const params = error.params as Record<string, unknown>;
  const bound = BOUNDS.get(error.keyword);
  if (bound && typeof params.limit === 'number') {
    const inclusive = typeof params.comparison === 'string' ? params.comparison.includes('=') : true;
    return [{ ...bound, path, limit: params.limit, inclusive }];
  }
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies':
      return [{ code: 'missing', path: [...path, String(params.missingProperty)] }];
    case 'additionalProperties':
      return [{ code: 'unexpected-property', path: [...path, String(params.additionalProperty)] }];
    case 'unevaluatedProperties':
      return [{ code: 'unexpected-property', path: [...path, String(params.unevaluatedProperty)] }];
    case 'propertyNames':
      return [{ code: 'invalid-key', path: [...path, String(params.propertyName)] }];
    case 'type': {
      const expected = Array.isArray(params.type) ? params.type.map(String) : String(params.type).split(',');
      return [{ code: 'type', path, expected, received: kindOf(valueAt(value, path)) }];
    }
    case 'enum':
      return [{ code: 'enum', path, values: Array.isArray(params.allowedValues) ? (params.allowedValues as JsonValue[]) : [] }];
    case 'const':
      return [{ code: 'enum', path, values: [params.allowedValue as JsonValue] }];
    case 'format':
      return [{ code: 'format', path, format: String(params.format) }];
    case 'pattern':
      return [{ code: 'pattern', path, pattern: String(params.pattern) }];
    case 'multipleOf':
      return [{ code: 'multiple-of', path, divisor: Number(params.multipleOf) }];
    case 'uniqueItems': {
      const [first, second] = [Number(params.j), Number(params.i)].sort((a, b) => a - b);
      return [{ code: 'duplicate-items', path, indexes: [first ?? 0, second ?? 0] }];
    }
    case 'if':
      // The failing `then`/`else` reported its own errors.
      return [];
    case 'false schema':
      return [{ code: 'other', path, message: 'is not allowed here' }];
    default:
      return [{ code: 'other', path, message: error.message ?? `fails the "${error.keyword}" rule` }];
  }
}

/** An Ajv instance path as segments: indexes of arrays in `value` become numbers. */
function toPath(instancePath: string, value: unknown): JsonPath {
  const path: (string | number)[] = [];
  let current = value;
  for (const token of splitJsonPointer(instancePath)) {
    const segment = Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token) ? Number(token) : token;
    path.push(segment);
    current = valueAt(current, [segment]);
  }
  return path;
}
