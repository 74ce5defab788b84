import { pickInteger, pickOne, type Random } from './seeded-random';

/**
 * Generates a string matching a simple regular expression: literals, escapes (\d \w \s),
 * `.`, character classes with ranges, groups with alternation, and the quantifiers
 * `? * + {n} {n,} {n,m}`. Returns undefined for anything else (lookarounds, backreferences),
 * so the caller can fall back.
 */
export function generateFromPattern(pattern: string, random: Random): string | undefined {
  const parser = { pattern, position: 0, random };
  try {
    const out = readAlternation(parser);
    return parser.position === pattern.length ? out : undefined;
  } catch (error) {
    if (error instanceof UnsupportedPattern) return undefined;
    throw error;
  }
}

class UnsupportedPattern extends Error {}

type Parser = { pattern: string; position: number; random: Random };

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const PRINTABLE = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');

function readAlternation(parser: Parser): string {
  const branches: string[] = [readSequence(parser)];
  while (parser.pattern[parser.position] === '|') {
    parser.position += 1;
    branches.push(readSequence(parser));
  }
  return pickOne(parser.random, branches);
}

function readSequence(parser: Parser): string {
  let out = '';
  while (parser.position < parser.pattern.length) {
    const char = parser.pattern[parser.position];
    if (char === '|' || char === ')') break;
    if (char === '^' || char === '$') {
      parser.position += 1;
      continue;
    }
    const start = parser.position;
    const atom = readAtom(parser);
    const end = parser.position;
    const [min, max] = readQuantifier(parser);
    const count = pickInteger(parser.random, min, max);
    for (let index = 0; index < count; index += 1) {
      if (index === 0) {
        out += atom;
        continue;
      }
      const saved = parser.position;
      parser.position = start;
      out += readAtom(parser);
      if (parser.position !== end) throw new UnsupportedPattern();
      parser.position = saved;
    }
  }
  return out;
}

function readAtom(parser: Parser): string {
  const char = parser.pattern[parser.position] ?? '';
  parser.position += 1;
  if (char === '(') {
    if (parser.pattern.startsWith('?:', parser.position)) parser.position += 2;
    else if (parser.pattern[parser.position] === '?') throw new UnsupportedPattern();
    const inner = readAlternation(parser);
    if (parser.pattern[parser.position] !== ')') throw new UnsupportedPattern();
    parser.position += 1;
    return inner;
  }
  if (char === '[') return pickOne(parser.random, readClass(parser));
  if (char === '.') return pickOne(parser.random, WORD);
  if (char === '\\') return pickOne(parser.random, readEscape(parser));
  if ('*+?{}'.includes(char)) throw new UnsupportedPattern();
  return char;
}

function readEscape(parser: Parser): string {
  const char = parser.pattern[parser.position] ?? '';
  parser.position += 1;
  if (char === 'd') return DIGITS;
  if (char === 'w') return WORD;
  if (char === 's') return ' ';
  if (/[1-9bBDWSpPuxck]/.test(char)) throw new UnsupportedPattern();
  return char;
}

function readClass(parser: Parser): string {
  const negated = parser.pattern[parser.position] === '^';
  if (negated) parser.position += 1;
  let members = '';
  let first = true;
  while (parser.position < parser.pattern.length && (parser.pattern[parser.position] !== ']' || first)) {
    first = false;
    let char = parser.pattern[parser.position] ?? '';
    parser.position += 1;
    if (char === '\\') {
      const escaped = readEscape(parser);
      if (escaped.length > 1) {
        members += escaped;
        continue;
      }
      char = escaped;
    }
    if (parser.pattern[parser.position] === '-' && parser.pattern[parser.position + 1] !== ']' && parser.position + 1 < parser.pattern.length) {
      parser.position += 1;
      let last = parser.pattern[parser.position] ?? '';
      parser.position += 1;
      if (last === '\\') last = readEscape(parser);
      for (let code = char.charCodeAt(0); code <= last.charCodeAt(0); code += 1) members += String.fromCharCode(code);
      continue;
    }
    members += char;
  }
  if (parser.pattern[parser.position] !== ']') throw new UnsupportedPattern();
  parser.position += 1;
  const pool = negated ? [...PRINTABLE].filter((candidate) => !members.includes(candidate)).join('') : members;
  if (pool.length === 0) throw new UnsupportedPattern();
  return pool;
}

function readQuantifier(parser: Parser): [number, number] {
  const char = parser.pattern[parser.position];
  let range: [number, number] = [1, 1];
  if (char === '?') range = [0, 1];
  else if (char === '*') range = [0, 3];
  else if (char === '+') range = [1, 3];
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(parser.pattern.slice(parser.position));
    if (!match) throw new UnsupportedPattern();
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] ? Number(match[3]) : min + 2;
    parser.position += match[0].length;
    skipLazy(parser);
    return [min, Math.min(max, min + 4)];
  } else return range;
  parser.position += 1;
  skipLazy(parser);
  return range;
}

function skipLazy(parser: Parser): void {
  if (parser.pattern[parser.position] === '?') parser.position += 1;
}
