import type { z } from 'zod';
import type { JsonValue } from '../vocabulary/json';
import { err, ok, type Result } from '../vocabulary/result';
import type { ValidationIssue } from '../vocabulary/issues';
import { formatValidationIssues } from './format-validation-issues';
import { readZodIssues, type ZodIssueData } from './read-zod-issues';

/** Parses `value` with a Zod schema in this realm: the parsed data, or its issues in the one wording. */
export function validateWithZod(schema: z.ZodType, value: unknown): Result<JsonValue, ValidationIssue[]> {
  const parsed = schema.safeParse(value);
  return parsed.success ? ok(parsed.data as JsonValue) : err(formatZodIssues(parsed.error.issues, value));
}

/** Zod issues of a check of `value` (this realm's, or the sandbox's as JSON), worded as every validator's are. */
export function formatZodIssues(issues: readonly ZodIssueData[], value: unknown): ValidationIssue[] {
  return formatValidationIssues(readZodIssues(issues, value));
}
