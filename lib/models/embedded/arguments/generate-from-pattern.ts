import type { CharacterPool, PatternBudget, PatternNode } from './parse-pattern';
import { pickInteger, type Random } from '../seeded-random';

/**
 * One string generated from a parsed pattern. `clamped` means a quantifier demanded more
 * repetitions than allowed (the string is then shorter than the pattern needs); `too-long`
 * and `too-complex` mean generation stopped at the length cap or the work budget.
 */
export type PatternSample =
  | { kind: 'exact'; value: string }
  | { kind: 'clamped'; value: string; demanded: number }
  | { kind: 'too-long' }
  | { kind: 'too-complex' };

/** What one sample may spend and how long it may grow. */
export type GenerateFromPatternOptions = {
  random: Random;
  budget: PatternBudget;
  /** Longest string worth producing, in UTF-16 code units. */
  maxLength: number;
  /** Most repetitions any one quantifier gets. */
  maxRepetitions: number;
};

/**
 * Generates a string `node` matches: every alternation branch is produced and one picked, and a
 * quantifier repeats its atom a count drawn from its `sample` range.
 */
export function generateFromPattern(node: PatternNode, options: GenerateFromPatternOptions): PatternSample {
  const state: State = { ...options, demanded: 0 };
  try {
    const value = generateNode(node, state);
    return state.demanded > 0 ? { kind: 'clamped', value, demanded: state.demanded } : { kind: 'exact', value };
  } catch (error) {
    if (error instanceof StoppedGenerating) return { kind: error.reason };
    throw error;
  }
}

/** Generation-internal: unwinds to `generateFromPattern`, which returns the reason as a value. */
class StoppedGenerating extends Error {
  constructor(readonly reason: 'too-long' | 'too-complex') {
    super(reason);
  }
}

type State = GenerateFromPatternOptions & { demanded: number };

function generateNode(node: PatternNode, state: State): string {
  state.budget.steps -= 1;
  if (state.budget.steps < 0) throw new StoppedGenerating('too-complex');
  switch (node.kind) {
    case 'anchor':
      return '';
    case 'literal':
      return String.fromCharCode(node.code);
    case 'characters':
      state.budget.steps -= Math.ceil(node.pool.segments.length / 8);
      return pickFromPool(state.random, node.pool);
    case 'sequence': {
      let out = '';
      for (const item of node.items) {
        out = append(out, generateNode(item, state), state);
        // Every atom draws its count, repeated or not: those draws are part of what a seed produces.
        if (item.kind !== 'repeat' && item.kind !== 'anchor') pickInteger(state.random, 1, 1);
      }
      return out;
    }
    case 'alternation': {
      const branches = node.branches.map((branch) => generateNode(branch, state));
      return branches[Math.floor(state.random() * branches.length)] ?? '';
    }
    case 'repeat': {
      const first = generateNode(node.node, state);
      let [low, high] = node.sample;
      if (low > state.maxRepetitions) {
        state.demanded = Math.max(state.demanded, low);
        low = state.maxRepetitions;
      }
      high = Math.max(low, Math.min(high, state.maxRepetitions));
      const count = pickInteger(state.random, low, high);
      let out = count > 0 ? first : '';
      for (let index = 1; index < count; index += 1) out = append(out, generateNode(node.node, state), state);
      return out;
    }
  }
}

function append(out: string, more: string, state: State): string {
  if (out.length + more.length > state.maxLength) throw new StoppedGenerating('too-long');
  return out + more;
}

/** The same draw as picking from the pool written out in full, without writing it out. */
function pickFromPool(random: Random, pool: CharacterPool): string {
  let index = Math.floor(random() * pool.size);
  for (const segment of pool.segments) {
    const size = segment.kind === 'text' ? segment.text.length : segment.to - segment.from + 1;
    if (index < size) return segment.kind === 'text' ? (segment.text[index] as string) : String.fromCharCode(segment.from + index);
    index -= size;
  }
  return '';
}
