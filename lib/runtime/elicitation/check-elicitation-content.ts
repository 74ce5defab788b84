import type { ValidationIssue } from '../vocabulary/issues';
import { isPlainObject, type JsonValue } from '../vocabulary/json';
import { ELICITATION_LIMITS, type ElicitationField } from './elicitation-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * What is wrong with a person's answer to a form, one issue per field (none when it fits):
 * only the form's fields, each required one present, each of its kind and within its bounds.
 */
export function checkElicitationContent(fields: readonly ElicitationField[], content: JsonValue | undefined): ValidationIssue[] {
  if (content === undefined) return fields.some((field) => field.required) ? [{ path: '', message: 'An accepted form needs its content.' }] : [];
  if (!isPlainObject(content)) return [{ path: '', message: 'The content must be an object of the form’s fields.' }];
  const known = new Map(fields.map((field) => [field.key, field]));
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(content)) if (!known.has(key)) issues.push({ path: `/${key}`, message: 'The form has no such field.' });
  for (const field of fields) {
    const value = content[field.key] as JsonValue | undefined;
    if (value === undefined) {
      if (field.required) issues.push({ path: `/${field.key}`, message: `${field.title} is required.` });
      continue;
    }
    const problem = checkField(field, value);
    if (problem) issues.push({ path: `/${field.key}`, message: problem });
  }
  return issues;
}

function checkField(field: ElicitationField, value: JsonValue): string | undefined {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? checkText(field, value) : 'Must be text.';
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number.';
      if (field.integer && !Number.isInteger(value)) return 'Must be a whole number.';
      if (field.minimum !== undefined && value < field.minimum) return `Must be at least ${field.minimum}.`;
      if (field.maximum !== undefined && value > field.maximum) return `Must be at most ${field.maximum}.`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Must be true or false.';
    case 'choice':
      return typeof value === 'string' && field.options.some((option) => option.value === value) ? undefined : `Must be one of ${field.options.map((option) => option.value).join(', ')}.`;
    case 'choices': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && field.options.some((option) => option.value === item))) {
        return `Must be a list of ${field.options.map((option) => option.value).join(', ')}.`;
      }
      if (new Set(value).size !== value.length) return 'Lists each choice once.';
      if (field.minItems !== undefined && value.length < field.minItems) return `Pick at least ${field.minItems}.`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `Pick at most ${field.maxItems}.`;
      return undefined;
    }
  }
}

function checkText(field: Extract<ElicitationField, { kind: 'text' }>, value: string): string | undefined {
  if (value.length > ELICITATION_LIMITS.textChars) return `Must be at most ${ELICITATION_LIMITS.textChars} characters.`;
  if (field.minLength !== undefined && value.length < field.minLength) return `Must be at least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && value.length > field.maxLength) return `Must be at most ${field.maxLength} characters.`;
  switch (field.format) {
    case 'email':
      return EMAIL.test(value) ? undefined : 'Must be an email address.';
    case 'uri':
      return URL.canParse(value) ? undefined : 'Must be a URL.';
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'Must be a date (YYYY-MM-DD).';
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'Must be a date and time (ISO 8601, with a zone).';
    default:
      return undefined;
  }
}
