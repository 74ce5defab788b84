import type { JsonPath } from '../json-pointer';
import type { JsonValue } from '../vocabulary/json';
import { collapseAlternatives } from './collapse-alternatives';
import { isMissingKey, kindOf, valueAt, type BoundSubject, type RawValidationIssue } from './raw-validation-issue';

/**
 * A Zod issue as data: Zod's own issue object in the host realm, or its JSON copy from the
 * sandbox (which may have been tampered with, so every field is read defensively).
 */
export type ZodIssueData = {
  code: unknown;
  path?: readonly unknown[];
  message?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  format?: unknown;
  pattern?: unknown;
  divisor?: unknown;
  keys?: unknown;
  values?: unknown;
  errors?: unknown;
  note?: unknown;
  options?: unknown;
};

/** Zod's type names that JSON Schema spells differently. */
const TYPE_NAMES: Record<string, string> = { int: 'integer', tuple: 'array', record: 'object' };
/** Zod's string format names that JSON Schema spells differently (`z.toJSONSchema` writes these). */
const FORMAT_NAMES: Record<string, string> = { url: 'uri', datetime: 'date-time' };
const JSON_SCHEMA_FORMATS = new Set(['email', 'uri', 'uuid', 'date-time', 'date', 'time', 'duration', 'ipv4', 'ipv6', 'hostname']);
const BOUND_SUBJECTS: Record<string, BoundSubject> = { number: 'number', int: 'number', bigint: 'number', string: 'string', array: 'array', set: 'array', object: 'object' };

/**
 * Zod issues → raw issues. `value` is what was validated: Zod 4 leaves the input out of its
 * issues, so a missing key and the type that was received are read from the value itself.
 */
export function readZodIssues(issues: readonly ZodIssueData[], value: unknown, base: JsonPath = []): RawValidationIssue[] {
  return issues.flatMap((issue) => readZodIssue(issue, value, base));
}

function readZodIssue(issue: ZodIssueData, value: unknown, base: JsonPath): RawValidationIssue[] {
  const path = [...base, ...readPath(issue.path)];
  const other = (): RawValidationIssue[] => [{ code: 'other', path, message: stripZodPrefix(issue.message) }];
  switch (issue.code) {
    case 'invalid_type':
      if (isMissingKey(value, path)) return [{ code: 'missing', path }];
      if (typeof issue.expected !== 'string') return other();
      return [{ code: 'type', path, expected: [TYPE_NAMES[issue.expected] ?? issue.expected], received: kindOf(valueAt(value, path)) }];
    case 'invalid_value':
      if (isMissingKey(value, path)) return [{ code: 'missing', path }];
      return Array.isArray(issue.values) ? [{ code: 'enum', path, values: issue.values.map(toJsonValue) }] : other();
    case 'unrecognized_keys':
      return Array.isArray(issue.keys) ? issue.keys.map((key) => ({ code: 'unexpected-property', path: [...path, String(key)] })) : other();
    case 'invalid_key':
      return [{ code: 'invalid-key', path }];
    case 'too_small':
    case 'too_big': {
      const subject = typeof issue.origin === 'string' ? BOUND_SUBJECTS[issue.origin] : undefined;
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      if (!subject || !Number.isFinite(limit)) return other();
      return [{ code: issue.code === 'too_small' ? 'too-small' : 'too-big', path, subject, limit, inclusive: issue.inclusive !== false }];
    }
    case 'not_multiple_of':
      return typeof issue.divisor === 'number' ? [{ code: 'multiple-of', path, divisor: issue.divisor }] : other();
    case 'invalid_format': {
      if (issue.format === 'regex' && typeof issue.pattern === 'string') return [{ code: 'pattern', path, pattern: readRegexSource(issue.pattern) }];
      const format = typeof issue.format === 'string' ? (FORMAT_NAMES[issue.format] ?? issue.format) : '';
      return JSON_SCHEMA_FORMATS.has(format) ? [{ code: 'format', path, format }] : other();
    }
    case 'invalid_union':
      if (Array.isArray(issue.options) && issue.note !== undefined) {
        // A discriminated union whose discriminator matches no option.
        if (isMissingKey(value, path)) return [{ code: 'missing', path }];
        return [{ code: 'enum', path, values: issue.options.map(toJsonValue) }];
      }
      if (!Array.isArray(issue.errors)) return other();
      return collapseAlternatives(
        path,
        issue.errors.map((alternative: unknown) => (Array.isArray(alternative) ? readZodIssues(alternative.filter(isIssueData), value, path) : [])),
      );
    default:
      return other();
  }
}

function readPath(path: readonly unknown[] | undefined): (string | number)[] {
  return (path ?? []).map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}

function isIssueData(value: unknown): value is ZodIssueData {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** Zod prints a regex check's pattern as `/source/flags`. */
function readRegexSource(pattern: string): string {
  const match = /^\/(.*)\/[a-z]*$/s.exec(pattern);
  return match?.[1] ?? pattern;
}

/** Zod's own words, without the "Invalid input: " it puts before most of them. */
function stripZodPrefix(message: unknown): string {
  if (typeof message !== 'string' || message.trim() === '' || message === 'Invalid input') return 'is invalid';
  return message.replace(/^Invalid (input|string|number): /, '');
}

function toJsonValue(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return String(value);
}
