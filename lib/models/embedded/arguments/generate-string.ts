import { generateFormat } from './generate-format';
import { generateFromPattern } from './generate-from-pattern';
import { compilePattern } from './compile-pattern';
import { formatPointer, noteClamp, type GenerationContext, type Place, type Schema } from './generation-context';
import { matchPattern } from './match-pattern';
import { noteTaken, takeMessageString } from './take-message-value';
import type { PatternNode } from './parse-pattern';
import { pickOne, type Random } from '../seeded-random';

const HINT_KEY = /(path|file|name|query|city|location|url|dir|folder|term|keyword|search|topic|title|^q$)/i;
const QUERY_KEY = /(query|search|term|keyword|topic|^q$)/i;
const WORDS = ['alpha', 'report', 'notes', 'summary', 'draft', 'orbit', 'ledger', 'sample'];
const PATTERN_ATTEMPTS = 20;

/**
 * A string for `schema`: a known format, else a hint from the message that fits, else one
 * generated from the pattern, else a word padded to `minLength`. Lengths are capped at
 * `limits.stringLength`; a pattern the generator cannot use is ignored, and both are noted.
 */
export function generateString(schema: Schema, context: GenerationContext, place: Place): string {
  const { limits } = context;
  const requestedMinLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const minLength = Math.min(requestedMinLength, limits.stringLength);
  if (requestedMinLength > minLength) noteClamp(context, `${formatPointer(place.path)}: minLength ${requestedMinLength} clamped to ${minLength}`);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const pattern = typeof schema.pattern === 'string' ? readPattern(schema.pattern, context, place) : undefined;
  const fitsLength = (value: string) => {
    const length = [...value].length;
    return length >= minLength && length <= maxLength;
  };
  const fits = (value: string) => fitsLength(value) && (pattern === undefined || matchPattern(pattern, value, context.patternBudget) === 'match');
  // An address the message names wins over a generated one of the same format.
  const taken = takeMessageString(context, place, fits, format);
  if (taken !== undefined) return taken;
  if (format !== undefined) {
    const formatted = generateFormat(format, context.random);
    if (formatted !== undefined) return formatted;
  }
  const hint = takeHint(context, place.key, limits.stringLength);
  if (hint !== undefined && fits(hint)) {
    context.usedHints += 1;
    noteTaken(context, place, hint);
    return hint;
  }
  if (pattern) {
    const sampled = sampleFromPattern(pattern, { context, place, fits, fitsLength });
    if (sampled !== undefined) return sampled;
  }
  return padWord(defaultStringFor(place.key, context.random), { random: context.random, minLength, maxLength });
}

function readPattern(pattern: string, context: GenerationContext, place: Place): PatternNode | undefined {
  let compiled = context.patterns.get(pattern);
  if (!compiled) {
    compiled = compilePattern(pattern);
    context.patterns.set(pattern, compiled);
  }
  if (compiled.kind === 'usable') return compiled.node;
  noteClamp(context, `${formatPointer(place.path)}: pattern ignored (${compiled.reason})`);
  return undefined;
}

/** A sample that fits; a clamped sample when the pattern demands more than the caps allow. */
function sampleFromPattern(
  pattern: PatternNode,
  options: { context: GenerationContext; place: Place; fits: (value: string) => boolean; fitsLength: (value: string) => boolean },
): string | undefined {
  const { context, place, fits } = options;
  const where = formatPointer(place.path);
  for (let attempt = 0; attempt < PATTERN_ATTEMPTS; attempt += 1) {
    const sample = generateFromPattern(pattern, {
      random: context.random,
      budget: context.patternBudget,
      maxLength: context.limits.stringLength,
      maxRepetitions: context.limits.patternRepetitions,
    });
    switch (sample.kind) {
      case 'exact':
        if (fits(sample.value)) return sample.value;
        if (context.patternBudget.steps < 0) {
          noteClamp(context, `pattern work limit reached at ${where}; patterns ignored from there`, 'pattern-steps');
          return undefined;
        }
        continue;
      case 'clamped':
        noteClamp(context, `${where}: pattern repetition {${sample.demanded}} clamped to ${context.limits.patternRepetitions}`);
        return options.fitsLength(sample.value) ? sample.value : undefined;
      case 'too-long':
        noteClamp(context, `${where}: pattern needs more than ${context.limits.stringLength} characters; ignored`);
        return undefined;
      case 'too-complex':
        noteClamp(context, `pattern work limit reached at ${where}; patterns ignored from there`, 'pattern-steps');
        return undefined;
    }
  }
  return undefined;
}

/** A hint for a field named like one, cut to `maxLength` characters (a long message makes a long hint). */
function takeHint(context: GenerationContext, key: string, maxLength: number): string | undefined {
  if (!HINT_KEY.test(key)) return undefined;
  const quoted = context.hints.values[context.usedHints];
  const hint = quoted ?? (QUERY_KEY.test(key) && context.hints.text ? context.hints.text : undefined);
  return hint === undefined || hint.length <= maxLength ? hint : [...hint.slice(0, maxLength * 2)].slice(0, maxLength).join('');
}

function defaultStringFor(key: string, random: Random): string {
  if (/path|file/i.test(key)) return 'notes.txt';
  if (/city|location/i.test(key)) return pickOne(random, ['Paris', 'Lagos', 'Osaka']);
  if (/name/i.test(key)) return pickOne(random, ['Ada', 'Grace', 'Linus']);
  return pickOne(random, WORDS);
}

function padWord(word: string, options: { random: Random; minLength: number; maxLength: number }): string {
  const characters = [...word];
  while (characters.length < options.minLength) characters.push(pickOne(options.random, 'abcdefghijklmnopqrstuvwxyz'));
  return characters.slice(0, Math.max(options.minLength, Math.min(options.maxLength, characters.length))).join('');
}
