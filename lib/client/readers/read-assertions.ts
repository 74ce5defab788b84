import { sessionAssertionsSchema, type SessionAssertion } from '@/lib/assertions';
import { err, ok, type Result } from '@/lib/runtime';

/** The assertions editor's text as a list of assertions, or what is wrong with it (the first problems, by path). */
export function readAssertions(text: string): Result<SessionAssertion[], string> {
  if (text.trim() === '') return ok([]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`Not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = sessionAssertionsSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  return err(problems.join('; '));
}
