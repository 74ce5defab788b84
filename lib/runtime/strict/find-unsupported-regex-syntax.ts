/** Regular-expression constructs strict mode rejects in a `pattern`. */
export type UnsupportedRegexSyntax = 'lookaround' | 'backreference';

const LOOKAROUND_OPENERS = ['(?=', '(?!', '(?<=', '(?<!'] as const;

/**
 * The lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`) and backreferences (`\1`…`\9`, `\k<name>`) a
 * pattern uses, each kind listed once in order of first use. Escaped characters and the
 * contents of character classes are skipped, so `\(?=` and `[(?=]` are literal text.
 */
export function findUnsupportedRegexSyntax(pattern: string): UnsupportedRegexSyntax[] {
  const found = new Set<UnsupportedRegexSyntax>();
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      const escaped = pattern[index + 1] ?? '';
      if (!inClass && (/[1-9]/.test(escaped) || (escaped === 'k' && pattern[index + 2] === '<'))) found.add('backreference');
      index += 1;
    } else if (inClass) {
      if (character === ']') inClass = false;
    } else if (character === '[') {
      inClass = true;
    } else if (character === '(' && LOOKAROUND_OPENERS.some((opener) => pattern.startsWith(opener, index))) {
      found.add('lookaround');
    }
  }
  return [...found];
}
