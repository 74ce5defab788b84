import { createRepairError } from './repair-error';
import { applyText, refuse, SKIPPED, type RepairRungDefinition } from './repair-rung';
import { rewriteQuotedStrings, type QuotedString } from './rewrite-quoted-strings';

/**
 * Escapes quotes a model left unescaped inside a string, when the structure leaves no doubt:
 * in `{"text": "He said "hi" to me", "n": 1}` the quotes around `hi` are followed by letters,
 * which cannot come after a string, and the string ends at the quote before `, "n"`. The same
 * holds for apostrophes in single-quoted strings (`'what's new'`). A quote that could also be
 * an end (followed by a number, a literal, another string, `name:` or a possible member
 * boundary) is never escaped; when the strict end is impossible and no safe end exists, the
 * rung refuses, because any end it chose would be a guess.
 */
export const escapeInnerQuotes: RepairRungDefinition = {
  rung: 'escape-inner-quotes',
  apply: (text) => {
    if (!text.trimStart().startsWith('{')) return SKIPPED;
    const outcome = rewriteQuotedStrings(text, { closersFor, format });
    if (outcome.kind === 'exhausted') return SKIPPED;
    if (outcome.unclear !== undefined) {
      return refuse(
        createRepairError(
          'ambiguous-unescaped-quote',
          `Arguments have an unescaped quote inside a string at position ${outcome.unclear}, and where that string ends is ambiguous. Escape quotes inside strings as \\".`,
        ),
      );
    }
    return applyText(text, outcome.text);
  },
};

function closersFor(character: string): string | undefined {
  return character === '"' || character === "'" ? character : undefined;
}

function format(text: string, literal: QuotedString): string {
  const stop = literal.close === -1 ? text.length : literal.close + 1;
  if (literal.inner.length === 0) return text.slice(literal.start, stop);
  const out: string[] = [];
  let from = literal.start;
  for (const quote of literal.inner) {
    out.push(text.slice(from, quote), '\\');
    from = quote;
  }
  out.push(text.slice(from, stop));
  return out.join('');
}
