import { RE2JS } from 're2js';

/** The regular-expression engine Ajv compiles `pattern`, `patternProperties` and `propertyNames` with. */
export type RegExpEngine = {
  (pattern: string, flags: string): { test: (input: string) => boolean; toString(): string };
  /** Only read by Ajv's standalone code generation, which this project does not use. */
  code: string;
};

/**
 * Patterns in a visitor's schema are matched by RE2 (re2js), whose time is linear in the input:
 * `^(a+)+$` cannot backtrack for minutes. RE2 has no lookaround or backreferences; such a pattern
 * is refused, or, where the caller runs under a watchdog that can kill a stuck thread (the
 * sandbox worker), handed to JavaScript's own engine.
 */
export function createRegExpEngine(options: { backtrackingFallback: boolean }): RegExpEngine {
  const engine = (pattern: string, flags: string) => {
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      if (options.backtrackingFallback) return new RegExp(pattern, flags);
      throw new Error(`The pattern ${JSON.stringify(pattern)} needs lookaround or backreferences, which are not evaluated here (${error instanceof Error ? error.message : String(error)}).`);
    }
    // Ajv caches compiled patterns by their string form, so each must print as itself.
    return { test: (input: string) => compiled.test(input), toString: () => `/${pattern}/${flags}` };
  };
  return Object.assign(engine, { code: 'createRegExpEngine' });
}
