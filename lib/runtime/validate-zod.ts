import type { z } from 'zod';
import type { ValidationIssue } from './tool';

/** Zod issues as paths and sentences a model can act on. */
export function describeZodIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: formatZodPath(issue.path), message: describeZodIssue(issue) }));
}

function describeZodIssue(issue: z.core.$ZodIssue): string {
  // Zod 4 omits the input from issues unless asked, so a missing field is recognised by its message.
  if (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) return 'is required but missing';
  if (issue.code === 'unrecognized_keys') return `has properties that are not allowed: ${issue.keys.join(', ')}`;
  return issue.message.replace(/^Invalid input: /, '');
}

export function formatZodPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(root)' : out;
}
