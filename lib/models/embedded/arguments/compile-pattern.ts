import { parsePattern, type PatternNode } from './parse-pattern';

/** A schema `pattern` ready to generate from, or why the generator will ignore it. */
export type CompiledPattern = { kind: 'usable'; node: PatternNode } | { kind: 'ignored'; reason: string };

const MAX_REASON_LENGTH = 60;

/**
 * Checks the syntax with the JavaScript engine (constructing a RegExp parses it but runs
 * nothing) and parses it into the subset the generator understands. Never throws.
 */
export function compilePattern(pattern: string): CompiledPattern {
  try {
    new RegExp(pattern);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { kind: 'ignored', reason: `invalid regular expression: ${shorten(readSyntaxReason(error.message))}` };
  }
  const parsed = parsePattern(pattern);
  return parsed.ok ? { kind: 'usable', node: parsed.value } : { kind: 'ignored', reason: `not supported by the generator: ${shorten(parsed.error)}` };
}

/** V8 says `Invalid regular expression: /<pattern>/: <reason>`; the pattern may be huge. */
function readSyntaxReason(message: string): string {
  const separator = message.lastIndexOf(': ');
  return separator === -1 ? message : message.slice(separator + 2);
}

function shorten(text: string): string {
  return text.length <= MAX_REASON_LENGTH ? text : `${text.slice(0, MAX_REASON_LENGTH - 1)}…`;
}
