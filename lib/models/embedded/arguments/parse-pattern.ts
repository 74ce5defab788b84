import { err, ok, type Result } from '@/lib/runtime';

/** Characters one atom matches: ranges of UTF-16 code units and the `\d \w \s` classes. */
export type CharacterSet = { negated: boolean; items: CharacterItem[] };

/** One member of a character set: a code-unit range, or a class escape. */
export type CharacterItem = { kind: 'range'; from: number; to: number } | { kind: 'class'; name: 'digit' | 'word' | 'space' };

/** The characters generation picks from, in pattern order (duplicates kept), large ranges unexpanded. */
export type CharacterPool = { segments: PoolSegment[]; size: number };

/** Part of a pool: characters written out, or a range picked from by arithmetic. */
export type PoolSegment = { kind: 'text'; text: string } | { kind: 'range'; from: number; to: number };

/** A regular expression in the subset the generator understands (JavaScript, no flags). */
export type PatternNode =
  /** Each item that is not an anchor draws its repetition count, even an unrepeated one (one). */
  | { kind: 'sequence'; items: PatternNode[] }
  /** Every group and the whole pattern is one, even with a single branch: generation produces each branch, then picks one. */
  | { kind: 'alternation'; branches: PatternNode[] }
  /** `min`/`max` are what matching honours; `sample` is the count range generation picks from. */
  | { kind: 'repeat'; node: PatternNode; min: number; max: number; sample: [number, number] }
  /** An unescaped character: generation emits it without drawing a random number. */
  | { kind: 'literal'; code: number }
  | { kind: 'characters'; set: CharacterSet; pool: CharacterPool }
  | { kind: 'anchor'; at: 'start' | 'end' };

/** Work left for generating from or matching against patterns; shared by one generator call. */
export type PatternBudget = { steps: number };

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const PRINTABLE = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');
const LINE_TERMINATORS: CharacterItem[] = [0x0a, 0x0d, 0x2028, 0x2029].map((code) => ({ kind: 'range', from: code, to: code }));
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };
const MAX_NESTING = 32;
const QUANTIFIER = /\{(\d+)(,(\d*))?\}/y;

/**
 * Parses literals, escapes (`\d \w \s`, control and identity escapes), `.`, character classes
 * with ranges, groups with alternation, `^`/`$`, and the quantifiers `? * + {n} {n,} {n,m}`.
 * Anything else (lookarounds, backreferences, `\b`, `\p{…}`, anchors inside a repeat) is an
 * error naming the construct, so the caller can ignore the pattern and say why.
 */
export function parsePattern(pattern: string): Result<PatternNode, string> {
  const parser: Parser = { pattern, position: 0, nesting: 0 };
  try {
    const node = readAlternation(parser);
    return parser.position === pattern.length ? ok(node) : err(`unexpected "${pattern[parser.position]}"`);
  } catch (error) {
    if (error instanceof UnsupportedPattern) return err(error.message);
    throw error;
  }
}

/** Parse-internal: unwinds to `parsePattern`, which returns it as an error value. */
class UnsupportedPattern extends Error {}

type Parser = { pattern: string; position: number; nesting: number };

function readAlternation(parser: Parser): PatternNode {
  const branches: PatternNode[] = [readSequence(parser)];
  while (parser.pattern[parser.position] === '|') {
    parser.position += 1;
    branches.push(readSequence(parser));
  }
  return { kind: 'alternation', branches };
}

function readSequence(parser: Parser): PatternNode {
  const items: PatternNode[] = [];
  while (parser.position < parser.pattern.length) {
    const char = parser.pattern[parser.position];
    if (char === '|' || char === ')') break;
    if (char === '^' || char === '$') {
      parser.position += 1;
      items.push({ kind: 'anchor', at: char === '^' ? 'start' : 'end' });
      continue;
    }
    const atom = readAtom(parser);
    const quantifier = readQuantifier(parser);
    if (!quantifier) {
      items.push(atom);
      continue;
    }
    if (containsAnchor(atom)) throw new UnsupportedPattern('an anchor inside a repeated group');
    items.push({ kind: 'repeat', node: atom, ...quantifier });
  }
  return { kind: 'sequence', items };
}

function readAtom(parser: Parser): PatternNode {
  const char = parser.pattern[parser.position] ?? '';
  parser.position += 1;
  if (char === '(') {
    if (parser.pattern.startsWith('?:', parser.position)) parser.position += 2;
    else if (parser.pattern[parser.position] === '?') throw new UnsupportedPattern('a lookaround or named group');
    if (parser.nesting >= MAX_NESTING) throw new UnsupportedPattern(`groups nested deeper than ${MAX_NESTING}`);
    parser.nesting += 1;
    const inner = readAlternation(parser);
    parser.nesting -= 1;
    if (parser.pattern[parser.position] !== ')') throw new UnsupportedPattern('an unclosed group');
    parser.position += 1;
    return inner;
  }
  if (char === '[') return readClass(parser);
  if (char === '.') return { kind: 'characters', set: { negated: true, items: LINE_TERMINATORS }, pool: createPool([{ kind: 'text', text: WORD }]) };
  if (char === '\\') {
    const escape = readEscape(parser);
    return { kind: 'characters', set: { negated: false, items: [escape.item] }, pool: createPool([{ kind: 'text', text: escape.pool }]) };
  }
  if ('*+?{}'.includes(char)) throw new UnsupportedPattern(`"${char}" where a character was expected`);
  return { kind: 'literal', code: char.charCodeAt(0) };
}

type Escape = { item: CharacterItem; pool: string; isClass: boolean };

function readEscape(parser: Parser): Escape {
  const char = parser.pattern[parser.position] ?? '';
  parser.position += 1;
  if (char === 'd') return { item: { kind: 'class', name: 'digit' }, pool: DIGITS, isClass: true };
  if (char === 'w') return { item: { kind: 'class', name: 'word' }, pool: WORD, isClass: true };
  if (char === 's') return { item: { kind: 'class', name: 'space' }, pool: ' ', isClass: true };
  if (/[1-9bBDWSpPuxck]/.test(char)) throw new UnsupportedPattern(`the escape \\${char}`);
  if (char === '0' && /[0-9]/.test(parser.pattern[parser.position] ?? '')) throw new UnsupportedPattern('an octal escape');
  const literal = CONTROL_ESCAPES[char] ?? char;
  const code = literal.charCodeAt(0);
  if (Number.isNaN(code)) throw new UnsupportedPattern('a trailing backslash');
  return { item: { kind: 'range', from: code, to: code }, pool: literal, isClass: false };
}

function readClass(parser: Parser): PatternNode {
  const negated = parser.pattern[parser.position] === '^';
  if (negated) parser.position += 1;
  const items: CharacterItem[] = [];
  const segments: PoolSegment[] = [];
  while (parser.position < parser.pattern.length && parser.pattern[parser.position] !== ']') {
    const start = readClassMember(parser);
    const isRange =
      !start.isClass && parser.pattern[parser.position] === '-' && parser.position + 1 < parser.pattern.length && parser.pattern[parser.position + 1] !== ']';
    if (!isRange) {
      items.push(start.item);
      segments.push({ kind: 'text', text: start.pool });
      continue;
    }
    parser.position += 1;
    const end = readClassMember(parser);
    if (end.isClass || start.item.kind !== 'range' || end.item.kind !== 'range') throw new UnsupportedPattern('a range ending in a class escape');
    if (end.item.from < start.item.from) throw new UnsupportedPattern('a range out of order');
    items.push({ kind: 'range', from: start.item.from, to: end.item.from });
    segments.push({ kind: 'range', from: start.item.from, to: end.item.from });
  }
  if (parser.pattern[parser.position] !== ']') throw new UnsupportedPattern('an unclosed character class');
  parser.position += 1;
  const set: CharacterSet = { negated, items };
  const pool = negated ? createPool([{ kind: 'text', text: [...PRINTABLE].filter((char) => containsCharacter(set, char.charCodeAt(0))).join('') }]) : createPool(segments);
  if (pool.size === 0) throw new UnsupportedPattern('a character class nothing printable matches');
  return { kind: 'characters', set, pool };
}

function readClassMember(parser: Parser): Escape {
  const char = parser.pattern[parser.position] ?? '';
  parser.position += 1;
  if (char === '\\') return readEscape(parser);
  const code = char.charCodeAt(0);
  return { item: { kind: 'range', from: code, to: code }, pool: char, isClass: false };
}

function readQuantifier(parser: Parser): Omit<Extract<PatternNode, { kind: 'repeat' }>, 'kind' | 'node'> | undefined {
  const char = parser.pattern[parser.position];
  let quantifier: Omit<Extract<PatternNode, { kind: 'repeat' }>, 'kind' | 'node'>;
  if (char === '?') quantifier = { min: 0, max: 1, sample: [0, 1] };
  else if (char === '*') quantifier = { min: 0, max: Infinity, sample: [0, 3] };
  else if (char === '+') quantifier = { min: 1, max: Infinity, sample: [1, 3] };
  else if (char === '{') {
    QUANTIFIER.lastIndex = parser.position;
    const match = QUANTIFIER.exec(parser.pattern);
    if (!match) throw new UnsupportedPattern('a "{" that is not a quantifier');
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity;
    const sampleMax = match[2] === undefined ? min : match[3] ? Math.min(max, min + 4) : min + 2;
    parser.position += match[0].length - 1;
    quantifier = { min, max, sample: [min, sampleMax] };
  } else return undefined;
  parser.position += 1;
  if (parser.pattern[parser.position] === '?') parser.position += 1;
  return quantifier;
}

function containsAnchor(node: PatternNode): boolean {
  switch (node.kind) {
    case 'anchor':
      return true;
    case 'sequence':
      return node.items.some(containsAnchor);
    case 'alternation':
      return node.branches.some(containsAnchor);
    case 'repeat':
      return containsAnchor(node.node);
    case 'literal':
    case 'characters':
      return false;
  }
}

function createPool(segments: PoolSegment[]): CharacterPool {
  const size = segments.reduce((total, segment) => total + (segment.kind === 'text' ? segment.text.length : Math.max(0, segment.to - segment.from + 1)), 0);
  return { segments, size };
}

/** Whether `code` (one UTF-16 code unit) is in the set. */
export function containsCharacter(set: CharacterSet, code: number): boolean {
  const inItems = set.items.some((item) => {
    if (item.kind === 'range') return code >= item.from && code <= item.to;
    if (item.name === 'digit') return code >= 48 && code <= 57;
    if (item.name === 'word') return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
    return /\s/.test(String.fromCharCode(code));
  });
  return inItems !== set.negated;
}
