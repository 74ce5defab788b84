import type { JsonPath } from '../json-pointer';
import type { JsonValue } from '../vocabulary/json';
import type { RawValidationIssue } from './raw-validation-issue';

/**
 * What to tell the model when no alternative of a union accepts the value at `path`, given each
 * alternative's own issues. Zod (`invalid_union`) and Ajv (`anyOf`/`oneOf`) both end here, so a
 * union reads the same whichever validated it:
 * - every alternative only wants another type there → one `type` issue listing them all;
 * - every alternative only wants other values there → one `enum` issue listing them all;
 * - alternatives that fail on a constant below `path` (a discriminator) are ruled out; when one
 *   is left, its own issues are the answer, and when none is left and they all name the same
 *   place, one `enum` issue lists every allowed value there;
 * - issues every alternative reports (the discriminator is missing) → those issues;
 * - otherwise one `no-alternative` issue.
 */
export function collapseAlternatives(path: JsonPath, alternatives: RawValidationIssue[][]): RawValidationIssue[] {
  const failing = alternatives.filter((issues) => issues.length > 0);
  if (failing.length === 0) return [{ code: 'no-alternative', path }];

  const all = failing.flat();
  if (all.every((issue) => samePath(issue.path, path))) {
    if (all.every((issue) => issue.code === 'type')) {
      const first = all[0];
      return [{ code: 'type', path, expected: unique(all.flatMap((issue) => (issue.code === 'type' ? issue.expected : []))), received: first?.code === 'type' ? first.received : 'undefined' }];
    }
    if (all.every((issue) => issue.code === 'enum')) return [{ code: 'enum', path, values: valuesOf(all) }];
  }

  const isDiscriminator = (issue: RawValidationIssue) => issue.code === 'enum' && issue.path.length > path.length;
  const remaining = failing.filter((issues) => !issues.some(isDiscriminator));
  if (remaining.length === 1 && remaining[0]) return remaining[0];
  if (remaining.length === 0) {
    const constants = all.filter(isDiscriminator);
    const at = constants[0]?.path;
    if (at && constants.every((issue) => samePath(issue.path, at))) return [{ code: 'enum', path: at, values: valuesOf(constants) }];
  }

  const [first = [], ...others] = failing.map((issues) => issues.map((issue) => JSON.stringify(issue)));
  const shared = first.filter((key) => others.every((keys) => keys.includes(key)));
  if (shared.length > 0) return shared.map((key) => JSON.parse(key) as RawValidationIssue);
  return [{ code: 'no-alternative', path }];
}

export function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((segment, index) => String(segment) === String(b[index]));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Every allowed value the `enum` issues among `issues` name, each once. */
function valuesOf(issues: RawValidationIssue[]): JsonValue[] {
  const seen = new Set<string>();
  return issues.flatMap((issue) => (issue.code === 'enum' ? issue.values : [])).filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
