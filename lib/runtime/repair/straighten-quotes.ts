import { applyText, SKIPPED, type RepairRungDefinition } from './repair-rung';
import { rewriteQuotedStrings, type QuotedString } from './rewrite-quoted-strings';

const TYPOGRAPHIC = /[‘’“”]/;
const DOUBLE = '“”';
const SINGLE = '‘’';

/**
 * Turns typographic quotes that delimit keys and values (`{“path”: “a.txt”}`, or ‘ ’ as
 * single-quote structure) into ASCII double quotes. Only a quote where a key or value starts
 * opens a string (or right after a value, when it reads cleanly as the next key with the comma
 * missing), and it ends where the structure allows an end, so typographic quotes inside a
 * value stay as written: inside an ASCII-quoted string they are never touched, and in
 * `“He said “hi” to me”` the inner pair is content. An ASCII `"` inside a converted value is
 * escaped.
 */
export const straightenQuotes: RepairRungDefinition = {
  rung: 'straighten-quotes',
  apply: (text) => {
    if (!text.trimStart().startsWith('{') || !TYPOGRAPHIC.test(text)) return SKIPPED;
    const outcome = rewriteQuotedStrings(text, { closersFor, format });
    return outcome.kind === 'rewritten' ? applyText(text, outcome.text) : SKIPPED;
  },
};

function closersFor(character: string, atStringStart: boolean): string | undefined {
  if (character === '"' || character === "'") return character;
  if (!atStringStart) return undefined;
  if (DOUBLE.includes(character)) return DOUBLE;
  if (SINGLE.includes(character)) return SINGLE;
  return undefined;
}

/** ASCII strings are copied as written; a typographic one gets ASCII quotes and escaped `"`. */
function format(text: string, literal: QuotedString): string {
  const stop = literal.close === -1 ? text.length : literal.close + 1;
  if (literal.opener === '"' || literal.opener === "'") return text.slice(literal.start, stop);
  const out: string[] = ['"'];
  const contentEnd = literal.close === -1 ? text.length : literal.close;
  for (let i = literal.start + 1; i < contentEnd; i += 1) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < contentEnd && text.charCodeAt(i + 1) < 0x80) {
      out.push(c, text[i + 1] as string);
      i += 1;
    } else {
      out.push(c === '"' ? '\\"' : c);
    }
  }
  if (literal.close !== -1) out.push('"');
  return out.join('');
}
