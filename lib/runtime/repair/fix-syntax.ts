import { createRepairError } from './repair-error';
import { applyText, refuse, type RepairRungDefinition, type RungOutcome } from './repair-rung';
import { skipComment } from './json-text';

const PYTHON_LITERALS: Readonly<Record<string, string>> = { True: 'true', False: 'false', None: 'null' };
const NON_JSON_VALUES = new Set(['NaN', 'Infinity', 'undefined']);
const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * Rewrites the syntax mistakes models make in otherwise complete JSON: trailing commas,
 * Python literals, single-quoted strings, unquoted keys, raw control characters and stray
 * escapes inside strings, and comments. Content inside strings is never reinterpreted.
 * NaN, Infinity and undefined are refused rather than converted: any JSON stand-in would be
 * a value the model did not write.
 */
export const fixSyntax: RepairRungDefinition = { rung: 'fix-syntax', apply: rewriteSyntax };

function rewriteSyntax(text: string): RungOutcome {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i] as string;
    // A single quote right after a value opens no string: `"" '","' ""` is not two strings in
    // two quoting styles with the commas dropped, and reading it so would pile guess on guess.
    if (c === "'" && followsValue(out)) {
      out.push(c);
      i += 1;
    } else if (c === '"' || c === "'") {
      const copied = copyString(text, i);
      out.push(copied.text);
      i = copied.end;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipComment(text, i);
    } else if (c === ',') {
      const next = text[skipInsignificant(text, i + 1)];
      if (next !== '}' && next !== ']') out.push(c);
      i += 1;
    } else if (isWordStart(c) || (c === '-' && isWordStart(text[i + 1]))) {
      const sign = c === '-' ? '-' : '';
      const start = i + sign.length;
      let end = start;
      while (end < n && isWordPart(text[end])) end += 1;
      const word = text.slice(start, end);
      if (!sign && text[skipInsignificant(text, end)] === ':') {
        out.push(JSON.stringify(word));
      } else if (NON_JSON_VALUES.has(word)) {
        return refuse(
          createRepairError(
            'non-json-value',
            `Arguments contain \`${sign}${word}\` at position ${i}, which is not a JSON value. Use a number, a string or null.`,
          ),
        );
      } else {
        out.push(sign, PYTHON_LITERALS[word] ?? word);
      }
      i = end;
    } else {
      out.push(c);
      i += 1;
    }
  }
  return applyText(text, out.join(''));
}

/**
 * Copies a string literal starting at `start` as a double-quoted JSON string. An unterminated
 * literal is copied to the end, still open, for the close-truncated rung to judge.
 */
function copyString(text: string, start: number): { text: string; end: number } {
  const quote = text[start];
  const out: string[] = ['"'];
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text[i] as string;
    if (c === quote) {
      out.push('"');
      return { text: out.join(''), end: i + 1 };
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        out.push(c);
        i += 1;
      } else if (next === "'") {
        out.push("'");
        i += 2;
      } else if (SIMPLE_ESCAPES.has(next) || (next === 'u' && isUnicodeEscape(text, i))) {
        out.push(c, next);
        i += 2;
      } else {
        // A backslash that starts no JSON escape (a Windows path, a regex) was meant literally.
        out.push('\\\\');
        i += 1;
      }
      continue;
    }
    if (c === '"') out.push('\\"');
    else if (c.charCodeAt(0) < 0x20) out.push(CONTROL_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    else out.push(c);
    i += 1;
  }
  return { text: out.join(''), end: n };
}

/** True for `\uXXXX`, and for a `\u` cut short by the end of the text (left for truncation). */
function isUnicodeEscape(text: string, backslash: number): boolean {
  const hex = text.slice(backslash + 2, backslash + 6);
  return /^[0-9a-fA-F]*$/.test(hex) && (hex.length === 4 || backslash + 2 + hex.length === text.length);
}

/** True when the last significant character written ends a value (a string, a number, a word, a closer). */
function followsValue(out: readonly string[]): boolean {
  for (let k = out.length - 1; k >= 0; k -= 1) {
    const piece = (out[k] as string).trimEnd();
    if (piece === '') continue;
    return !'{[,:'.includes(piece.charAt(piece.length - 1));
  }
  return false;
}

function skipInsignificant(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') i += 1;
    else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) i = skipComment(text, i);
    else break;
  }
  return i;
}

function isWordStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_$]/.test(c);
}

function isWordPart(c: string | undefined): boolean {
  return c !== undefined && /[\w$]/.test(c);
}
