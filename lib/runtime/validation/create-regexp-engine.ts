import { RE2JS } from 're2js';
import { findUnsupportedRegexSyntax } from '../strict/find-unsupported-regex-syntax';
import { translateEcmaPattern } from './translate-ecma-pattern';

/** The regular-expression engine Ajv compiles `pattern`, `patternProperties` and `propertyNames` with. */
export type RegExpEngine = {
  (pattern: string, flags: string): { test: (input: string) => boolean; toString(): string };
  /** Only read by Ajv's standalone code generation, which this project does not use. */
  code: string;
};

/**
 * Where a pattern RE2 cannot represent may still run: `refuse` (the schema does not compile, with
 * a message naming the construct), or `backtrack` in JavaScript's own engine, only where a
 * watchdog can end a stuck thread (the sandbox worker).
 */
export type UnrepresentablePatterns = 'refuse' | 'backtrack';

const MAX_QUOTED_LENGTH = 80;

/**
 * Patterns mean what JSON Schema says they mean, ECMAScript regular expressions: a pattern that is
 * not one is refused, whatever RE2 thinks of it (`(?i)` is RE2 syntax, not ECMAScript). They are
 * then matched by RE2 (re2js), whose time is linear in the input, so `^(a+)+$` cannot backtrack for
 * minutes; ECMAScript spellings RE2 lacks are translated first (`translateEcmaPattern`). Patterns
 * are read in Unicode mode when they are valid there (as Ajv reads them), else as the plain
 * ECMAScript a Zod `.regex(/^[\w-.]+$/)` was written in.
 */
export function createRegExpEngine(options: { unrepresentable: UnrepresentablePatterns }): RegExpEngine {
  const engine = (pattern: string, flags: string) => {
    const ecmaFlags = checkEcmaPattern(pattern, flags);
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(translateEcmaPattern(pattern));
    } catch (error) {
      if (options.unrepresentable === 'backtrack') return new RegExp(pattern, ecmaFlags);
      throw new Error(describeUnrepresentable(pattern, error));
    }
    // Ajv caches compiled patterns by their string form, so each must print as itself.
    return { test: (input: string) => compiled.test(input), toString: () => `/${pattern}/${flags}` };
  };
  return Object.assign(engine, { code: 'createRegExpEngine' });
}

/** The flags the pattern is valid ECMAScript with: Ajv's own (`u`), else none; throws when neither. */
function checkEcmaPattern(pattern: string, flags: string): string {
  try {
    new RegExp(pattern, flags);
    return flags;
  } catch {
    // Not valid in Unicode mode; the plain reading is tried next.
  }
  try {
    new RegExp(pattern);
    return '';
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(error.message.lastIndexOf(': ') + 2) : String(error);
    throw new Error(`The pattern ${quote(pattern)} is not an ECMAScript regular expression, which JSON Schema patterns are (${reason}).`);
  }
}

function describeUnrepresentable(pattern: string, error: unknown): string {
  const constructs = findUnsupportedRegexSyntax(pattern);
  const named = constructs.map((construct) => (construct === 'backreference' ? 'a backreference' : construct));
  const uses = named.length > 0 ? `uses ${named.join(' and ')}` : `cannot be written for RE2 (${error instanceof Error ? error.message : String(error)})`;
  return `The pattern ${quote(pattern)} ${uses}; patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.`;
}

function quote(pattern: string): string {
  return JSON.stringify(pattern.length <= MAX_QUOTED_LENGTH ? pattern : `${pattern.slice(0, MAX_QUOTED_LENGTH - 1)}…`);
}
