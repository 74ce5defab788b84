import { createRegExpEngine } from '@/lib/runtime';

/**
 * What to do with a `pattern` so the schema compiles with the runtime's engine: keep it, write it
 * another way that means the same (possibly with length bounds taking over a long repetition),
 * or drop it, saying why.
 */
export type PatternOutcome =
  | { kind: 'kept' }
  | { kind: 'translated'; pattern: string; minLength?: number; maxLength?: number }
  | { kind: 'dropped'; reason: string };

/** RE2 refuses counted repetitions above this (and nested ones whose product is above it). */
const MAX_REPEAT = 1000;
const MAX_CACHED = 2000;
/** Characters Unicode-mode ECMAScript lets a backslash escape outside a class (inside, `-` too). */
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');
/** ECMAScript's long General_Category names (and aliases); RE2 knows only the short ones. */
const GENERAL_CATEGORIES: Record<string, string> = {
  Cased_Letter: 'LC', Close_Punctuation: 'Pe', Connector_Punctuation: 'Pc', Control: 'Cc', cntrl: 'Cc', Currency_Symbol: 'Sc',
  Dash_Punctuation: 'Pd', Decimal_Number: 'Nd', digit: 'Nd', Enclosing_Mark: 'Me', Final_Punctuation: 'Pf', Format: 'Cf',
  Initial_Punctuation: 'Pi', Letter: 'L', Letter_Number: 'Nl', Line_Separator: 'Zl', Lowercase_Letter: 'Ll', Mark: 'M',
  Combining_Mark: 'M', Math_Symbol: 'Sm', Modifier_Letter: 'Lm', Modifier_Symbol: 'Sk', Nonspacing_Mark: 'Mn', Number: 'N',
  Open_Punctuation: 'Ps', Other: 'C', Other_Letter: 'Lo', Other_Number: 'No', Other_Punctuation: 'Po', Other_Symbol: 'So',
  Paragraph_Separator: 'Zp', Private_Use: 'Co', Punctuation: 'P', punct: 'P', Separator: 'Z', Space_Separator: 'Zs',
  Spacing_Mark: 'Mc', Surrogate: 'Cs', Symbol: 'S', Titlecase_Letter: 'Lt', Unassigned: 'Cn', Uppercase_Letter: 'Lu',
};
/** One character: a class, an escape that stands for one character, `.` or a literal. */
const ONE_CHARACTER = String.raw`\\[pP]\{[^}]*\}|\\u\{[0-9a-fA-F]+\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\c[A-Za-z]|\\[^pPuxckbB0-9]|\[(?:\\.|[^\]\\])*\]|\.|[^\\[\](){}|*+?^$.]`;
const WHOLE_REPEAT = new RegExp(String.raw`^\^(${ONE_CHARACTER})\{(\d+)(,?)(\d*)\}\$$`);

const engine = createRegExpEngine({ unrepresentable: 'refuse' });
const cache = new Map<string, PatternOutcome>();

/**
 * Makes a JSON Schema `pattern` (an ECMAScript regular expression) one the runtime compiles: it
 * matches patterns with RE2 through `createRegExpEngine`, and Ajv reads them in Unicode mode.
 * Rewritten while the meaning stays: identity escapes Unicode mode refuses (`\:`, `\-` outside a
 * class, `\_`) lose their backslash, long General_Category names (`\p{Letter}`,
 * `\p{gc=Lu}`) become the short ones RE2 knows, and `^x{1,5000}$` (beyond RE2's repetition limit)
 * becomes `^x*$` with `minLength`/`maxLength`. What RE2 cannot express (lookaround,
 * backreferences, script properties, which RE2 spells `\p{Greek}` where ECMAScript needs
 * `\p{Script=Greek}`) is dropped, with the engine's reason.
 */
export function normalizePattern(pattern: string): PatternOutcome {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const outcome = decide(pattern);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(pattern, outcome);
  return outcome;
}

function decide(pattern: string): PatternOutcome {
  const problem = findProblem(pattern);
  if (problem === undefined && isUnicodeModePattern(pattern)) return { kind: 'kept' };
  const respelled = respellPattern(pattern);
  if (respelled !== pattern && findProblem(respelled) === undefined) return { kind: 'translated', pattern: respelled };
  if (problem === undefined) return { kind: 'kept' };
  const repeat = WHOLE_REPEAT.exec(respelled);
  if (repeat) {
    const [, atom = '', min = '0', comma, max] = repeat;
    const minLength = Number(min);
    const maxLength = comma ? (max ? Number(max) : undefined) : minLength;
    const widened = `^${atom}*$`;
    if ((minLength > MAX_REPEAT || (maxLength ?? 0) > MAX_REPEAT) && findProblem(widened) === undefined) {
      return { kind: 'translated', pattern: widened, ...(minLength > 0 ? { minLength } : {}), ...(maxLength !== undefined ? { maxLength } : {}) };
    }
  }
  return { kind: 'dropped', reason: problem };
}

/** The engine's complaint about a pattern, or `undefined` when it compiles. */
function findProblem(pattern: string): string | undefined {
  try {
    engine(pattern, 'u');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function isUnicodeModePattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The same pattern without identity escapes Unicode mode refuses, and with short property names. */
function respellPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] ?? '';
    const next = pattern[index + 1];
    if (character === '\\' && next !== undefined) {
      const close = pattern.indexOf('}', index + 3);
      if ((next === 'p' || next === 'P') && pattern[index + 2] === '{' && close !== -1) {
        out += `\\${next}{${respellProperty(pattern.slice(index + 3, close))}}`;
        index = close;
      } else if (/[A-Za-z0-9,]/.test(next) || SYNTAX_CHARACTERS.has(next) || (inClass && next === '-')) {
        // `\,` keeps its backslash: unescaped, `a{1\,2}` would become a quantifier.
        out += `\\${next}`;
        index += 1;
      } else {
        // Outside Unicode mode `\:` is `:`; in it, the escape is an error. The character alone means the same.
        out += next;
        index += 1;
      }
    } else {
      if (inClass && character === ']') inClass = false;
      else if (!inClass && character === '[') inClass = true;
      out += character;
    }
  }
  return out;
}

function respellProperty(body: string): string {
  const [key, value] = body.includes('=') ? body.split('=', 2) : [undefined, body];
  if (value === undefined) return body;
  if (key !== undefined && key !== 'gc' && key !== 'General_Category') return body;
  return GENERAL_CATEGORIES[value] ?? (key !== undefined && Object.values(GENERAL_CATEGORIES).includes(value) ? value : body);
}
