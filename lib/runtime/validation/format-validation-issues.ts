import { toJsonPointer, type JsonPath } from '../json-pointer';
import type { JsonValue } from '../vocabulary/json';
import type { ValidationIssue } from '../vocabulary/issues';
import { samePath } from './collapse-alternatives';
import type { BoundSubject, RawValidationIssue, RawValidationIssueCode } from './raw-validation-issue';

/** How the whole checked value (the arguments object itself) is named. */
export const ROOT_PATH = '(root)';

const MAX_LISTED_VALUES = 20;
const MAX_VALUE_LENGTH = 60;

/** Order of issues at one path: the most basic problem first. */
const CODE_ORDER: RawValidationIssueCode[] = [
  'missing', 'unexpected-property', 'invalid-key', 'type', 'enum', 'no-alternative', 'several-alternatives',
  'too-small', 'too-big', 'multiple-of', 'format', 'pattern', 'duplicate-items', 'other',
];

/**
 * A path as the model reads it: a JSON Pointer (RFC 6901) into the arguments, `/items/0/odd key`,
 * with `~` and `/` in keys escaped as `~0` and `~1`; the arguments object itself is `(root)`.
 */
export function formatIssuePath(path: JsonPath): string {
  return path.length === 0 ? ROOT_PATH : toJsonPointer(path);
}

/**
 * The one wording of validation problems, whichever validator found them (Zod or Ajv, in the
 * host or in the sandbox). Issues are sorted by path, so the order does not depend on the
 * validator; an issue another one at the same path already implies is dropped (a wrong type
 * where the allowed values are listed; a pattern that only spells out a format).
 */
export function formatValidationIssues(issues: readonly RawValidationIssue[]): ValidationIssue[] {
  const kept = issues.filter((issue) => !isImpliedByAnother(issue, issues));
  const sorted = kept.map((issue, index) => ({ issue, index })).sort((a, b) => compareIssues(a.issue, b.issue) || a.index - b.index);
  const seen = new Set<string>();
  const formatted: ValidationIssue[] = [];
  for (const { issue } of sorted) {
    const line = { path: formatIssuePath(issue.path), message: describeIssue(issue) };
    const key = `${line.path}\n${line.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    formatted.push(line);
  }
  return formatted;
}

/** `/path: message`, the form every list of issues the model reads is made of. */
export function formatIssueLine(issue: ValidationIssue): string {
  return `${issue.path}: ${issue.message}`;
}

/** A failure of validation itself (it could not run), reported at the root like an issue. */
export function validationFailure(message: string): ValidationIssue {
  return { path: ROOT_PATH, message };
}

/** The message of an `output-invalid` failure: the output of `execute` broke the output schema. */
export function describeOutputMismatch(issues: readonly ValidationIssue[]): string {
  return `The output does not match the output schema: ${issues.map(formatIssueLine).join('; ')}`;
}

function describeIssue(issue: RawValidationIssue): string {
  switch (issue.code) {
    case 'missing':
      return 'is required but missing';
    case 'unexpected-property':
      return 'is not an allowed property; remove it';
    case 'invalid-key':
      return 'is not an allowed property name';
    case 'type':
      return `must be ${issue.expected.map(withArticle).join(' or ')}, got ${issue.received}`;
    case 'enum':
      return issue.values.length === 1 ? `must be exactly ${describeValue(issue.values[0] ?? null)}` : `must be one of ${listValues(issue.values)}`;
    case 'too-small':
      return describeBound(issue.subject, issue.limit, issue.inclusive, 'at least', 'greater than');
    case 'too-big':
      return describeBound(issue.subject, issue.limit, issue.inclusive, 'at most', 'less than');
    case 'format':
      return `must match the format "${issue.format}"`;
    case 'pattern':
      return `must match the pattern ${issue.pattern}`;
    case 'multiple-of':
      return `must be a multiple of ${issue.divisor}`;
    case 'duplicate-items':
      return `must not contain duplicates; items ${issue.indexes[0]} and ${issue.indexes[1]} are equal`;
    case 'no-alternative':
      return 'does not match any of the allowed alternatives';
    case 'several-alternatives':
      return 'matches more than one of the alternatives; it must match exactly one';
    case 'other':
      return issue.message;
  }
}

/**
 * Bounds are named after what they count. A string or collection bound is a whole number, so
 * an exclusive one (rare) is stated as the inclusive bound next to it.
 */
function describeBound(subject: BoundSubject, limit: number, inclusive: boolean, inclusiveWords: string, exclusiveWords: string): string {
  if (subject === 'number') return `must be ${inclusive ? inclusiveWords : exclusiveWords} ${limit}`;
  const count = inclusive ? limit : inclusiveWords === 'at least' ? limit + 1 : limit - 1;
  if (subject === 'string') return `must be ${inclusiveWords} ${count} character${count === 1 ? '' : 's'} long`;
  const noun = subject === 'array' ? (count === 1 ? 'item' : 'items') : count === 1 ? 'property' : 'properties';
  return `must have ${inclusiveWords} ${count} ${noun}`;
}

function withArticle(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function listValues(values: readonly JsonValue[]): string {
  const listed = values.slice(0, MAX_LISTED_VALUES).map(describeValue).join(', ');
  return values.length > MAX_LISTED_VALUES ? `${listed}, … (${values.length - MAX_LISTED_VALUES} more)` : listed;
}

function describeValue(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length <= MAX_VALUE_LENGTH ? text : `${text.slice(0, MAX_VALUE_LENGTH - 1)}…`;
}

/**
 * Issues another one at the same path makes redundant: a wrong type where the allowed values are
 * listed; a bound, step, format or pattern of a value of the wrong type (Zod stops at the type,
 * Ajv goes on); a pattern that only spells out a format (Zod writes both for `z.email()`).
 */
const IMPLIED_BY: Partial<Record<RawValidationIssueCode, RawValidationIssueCode[]>> = {
  type: ['enum'],
  'too-small': ['type'],
  'too-big': ['type'],
  'multiple-of': ['type'],
  format: ['type'],
  pattern: ['type', 'format'],
};

function isImpliedByAnother(issue: RawValidationIssue, all: readonly RawValidationIssue[]): boolean {
  const impliedBy = IMPLIED_BY[issue.code];
  return impliedBy !== undefined && all.some((other) => impliedBy.includes(other.code) && samePath(other.path, issue.path) && !isImpliedByAnother(other, all));
}

function compareIssues(a: RawValidationIssue, b: RawValidationIssue): number {
  const length = Math.min(a.path.length, b.path.length);
  for (let index = 0; index < length; index += 1) {
    const order = compareSegments(a.path[index] ?? '', b.path[index] ?? '');
    if (order !== 0) return order;
  }
  return a.path.length - b.path.length || CODE_ORDER.indexOf(a.code) - CODE_ORDER.indexOf(b.code);
}

function compareSegments(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}
