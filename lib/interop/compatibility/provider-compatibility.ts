import type { JsonSchema } from '@/lib/runtime';

/** The targets the matrix judges a tool against. */
export type ProviderTarget = 'openai-strict' | 'openai' | 'anthropic' | 'anthropic-strict' | 'gemini';

/** One reason a provider would reject the tool, located by JSON pointer into the authored schema. */
export type CompatibilityIssue = {
  pointer: string;
  message: string;
  /** Whether the transformed schema removes it (narrowing keywords the playground still validates, renames of keywords). */
  fixable: boolean;
};

/** One cell of the matrix. */
export type CompatibilityVerdict = {
  target: ProviderTarget;
  label: string;
  accepted: boolean;
  issues: CompatibilityIssue[];
  /** A schema the provider accepts, when every issue is fixable; `null` when accepted as is or not fixable. */
  transformed: JsonSchema | null;
  /** The documentation the rules come from. */
  source: string;
  /** Observations that are not rejections (e.g. Anthropic's per-request budgets this tool uses). */
  remarks: string[];
};

/** Builds a verdict from the issues found and the rewrite, if every issue is fixable. */
export function createVerdict(options: {
  target: ProviderTarget;
  label: string;
  source: string;
  issues: CompatibilityIssue[];
  rewrite: () => JsonSchema;
  remarks?: string[];
}): CompatibilityVerdict {
  const { target, label, source, issues, rewrite, remarks = [] } = options;
  const accepted = issues.length === 0;
  const transformed = !accepted && issues.every((issue) => issue.fixable) ? rewrite() : null;
  return { target, label, accepted, issues, transformed, source, remarks };
}

/** The issues of a verdict no rewrite fixes, as one clause (why a provider would reject the tool however it went). */
export function describeUnfixable(verdict: { issues: readonly CompatibilityIssue[] }): string {
  return verdict.issues
    .filter((issue) => !issue.fixable)
    .map((issue) => `${issue.pointer ? `${issue.pointer}: ` : ''}${issue.message}`)
    .join(' ');
}
