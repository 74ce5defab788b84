import { err, ok, type Result, createRegExpEngine } from '@/lib/runtime';

/** A compiled `final-text` pattern. */
export type TextPattern = { test: (text: string) => boolean };

const engine = createRegExpEngine({ unrepresentable: 'refuse' });

/**
 * A `final-text` pattern, compiled the way JSON Schema patterns are: it must be an ECMAScript
 * regular expression and is matched with RE2, in time linear in the text, so a pattern such as
 * `^(a+)+$` cannot stall a check. One RE2 cannot represent (lookaround, backreferences) is refused
 * with a message naming the construct; so is one that is not a regular expression at all.
 */
export function compileTextPattern(source: string): Result<TextPattern, string> {
  try {
    const compiled = engine(source, 'u');
    return ok({ test: (text) => compiled.test(text) });
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}
