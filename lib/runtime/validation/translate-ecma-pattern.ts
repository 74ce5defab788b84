/** ECMAScript's `\s`: white space and line terminators, Unicode ones included (RE2's `\s` is ASCII only). */
const SPACE_RANGES = '\\x{9}-\\x{d}\\x{20}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** Everything `SPACE_RANGES` leaves out, for `\S` inside a character class. */
const NON_SPACE_RANGES =
  '\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}';
const ANY = '\\x{0}-\\x{10ffff}';

/**
 * Rewrites an ECMAScript pattern (what a JSON Schema `pattern` is) in RE2's syntax where the two
 * spell the same meaning differently: `\uXXXX` and `\u{X}` escapes (surrogate pairs joined),
 * `\cX`, `\0`, `[\b]`, the empty class `[]` and its complement `[^]`, a `[` inside a class,
 * `.` (which excludes every line terminator in ECMAScript) and `\s`/`\S` (Unicode white space).
 * What RE2 cannot express at all (lookaround, backreferences) is left as it is, for RE2 to refuse.
 */
export function translateEcmaPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] ?? '';
    if (character === '\\') {
      const escape = readEscape(pattern, index, inClass);
      out += escape.text;
      index = escape.end - 1;
    } else if (inClass) {
      if (character === ']') inClass = false;
      out += character === '[' ? '\\[' : character;
    } else if (character === '[') {
      const negated = pattern[index + 1] === '^';
      const start = index + (negated ? 2 : 1);
      if (pattern[start] === ']') {
        // ECMAScript closes a class at a `]` right after `[` or `[^`: `[]` matches nothing, `[^]` anything.
        out += negated ? `[${ANY}]` : `[^${ANY}]`;
        index = start;
      } else {
        out += negated ? '[^' : '[';
        index = start - 1;
        inClass = true;
      }
    } else if (character === '.') {
      out += '[^\\n\\r\\x{2028}\\x{2029}]';
    } else {
      out += character;
    }
  }
  return out;
}

function readEscape(pattern: string, index: number, inClass: boolean): { text: string; end: number } {
  const next = pattern[index + 1] ?? '';
  const codePoint = (value: number, end: number) => ({ text: `\\x{${value.toString(16)}}`, end });
  if (next === 'u') {
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(index + 2));
    if (braced?.[1]) return codePoint(parseInt(braced[1], 16), index + 2 + braced[0].length);
    const unit = readCodeUnit(pattern, index);
    if (unit !== undefined) {
      const low = unit >= 0xd800 && unit <= 0xdbff ? readCodeUnit(pattern, index + 6) : undefined;
      if (low !== undefined && low >= 0xdc00 && low <= 0xdfff) return codePoint((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000, index + 12);
      return codePoint(unit, index + 6);
    }
  }
  if (next === 'c' && /^[A-Za-z]$/.test(pattern[index + 2] ?? '')) return codePoint((pattern.charCodeAt(index + 2) % 32), index + 3);
  if (next === '0' && !/^\d$/.test(pattern[index + 2] ?? '')) return codePoint(0, index + 2);
  if (next === 'b' && inClass) return codePoint(8, index + 2);
  if (next === 's') return { text: inClass ? SPACE_RANGES : `[${SPACE_RANGES}]`, end: index + 2 };
  if (next === 'S') return { text: inClass ? NON_SPACE_RANGES : `[^${SPACE_RANGES}]`, end: index + 2 };
  return { text: `\\${next}`, end: index + 2 };
}

function readCodeUnit(pattern: string, index: number): number | undefined {
  if (pattern[index] !== '\\' || pattern[index + 1] !== 'u') return undefined;
  const hex = pattern.slice(index + 2, index + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : undefined;
}
