import { containsCharacter, type PatternBudget, type PatternNode } from './parse-pattern';

/** `too-complex` when the budget ran out first; callers treat it as "not confirmed". */
export type PatternMatch = 'match' | 'no-match' | 'too-complex';

/**
 * Whether `text` contains a match of `node` (JSON Schema patterns are unanchored searches).
 * It tracks the set of positions reachable after each node instead of backtracking, so its
 * cost is bounded by text length and pattern size, never exponential; every position set
 * computed is charged to `budget`.
 */
export function matchPattern(node: PatternNode, text: string, budget: PatternBudget): PatternMatch {
  const starts = new Uint8Array(text.length + 1).fill(1);
  try {
    return advance(node, starts, { text, budget }).includes(1) ? 'match' : 'no-match';
  } catch (error) {
    if (error instanceof OutOfBudget) return 'too-complex';
    throw error;
  }
}

/** Match-internal: unwinds to `matchPattern` when the budget is spent. */
class OutOfBudget extends Error {}

type Subject = { text: string; budget: PatternBudget };

/** The positions reachable by matching `node` from any position in `from`. */
function advance(node: PatternNode, from: Uint8Array, subject: Subject): Uint8Array {
  chargeBudget(subject.budget, from.length);
  const { text } = subject;
  switch (node.kind) {
    case 'anchor': {
      const to = new Uint8Array(from.length);
      const at = node.at === 'start' ? 0 : text.length;
      to[at] = from[at] ?? 0;
      return to;
    }
    case 'literal':
    case 'characters': {
      if (node.kind === 'characters') chargeBudget(subject.budget, from.length * Math.ceil(node.set.items.length / 8));
      const to = new Uint8Array(from.length);
      for (let index = 0; index < text.length; index += 1) {
        if (!from[index]) continue;
        const code = text.charCodeAt(index);
        if (node.kind === 'literal' ? code === node.code : containsCharacter(node.set, code)) to[index + 1] = 1;
      }
      return to;
    }
    case 'sequence':
      return node.items.reduce((positions, item) => advance(item, positions, subject), from);
    case 'alternation': {
      const to = new Uint8Array(from.length);
      for (const branch of node.branches) addInto(to, advance(branch, from, subject));
      return to;
    }
    case 'repeat':
      return advanceRepeat(node, from, subject);
  }
}

/**
 * Repeat bodies hold no anchors (the parser refuses them), so a body either matches empty
 * everywhere (the position set only grows) or consumes a character each time (the lowest
 * position rises): after text length + 2 rounds the set is empty or fixed, whatever `min` says.
 */
function advanceRepeat(node: Extract<PatternNode, { kind: 'repeat' }>, from: Uint8Array, subject: Subject): Uint8Array {
  const settled = from.length + 1;
  let current = from;
  for (let round = 0; round < Math.min(node.min, settled); round += 1) {
    const next = advance(node.node, current, subject);
    if (!next.includes(1) || isSame(next, current)) {
      current = next;
      break;
    }
    current = next;
  }
  const reached = current.slice();
  let frontier = current;
  for (let round = 0; round < Math.min(node.max - node.min, settled) && frontier.includes(1); round += 1) {
    const next = advance(node.node, frontier, subject);
    frontier = new Uint8Array(next.length);
    for (let index = 0; index < next.length; index += 1) {
      if (next[index] && !reached[index]) {
        frontier[index] = 1;
        reached[index] = 1;
      }
    }
  }
  return reached;
}

function chargeBudget(budget: PatternBudget, steps: number): void {
  budget.steps -= steps;
  if (budget.steps < 0) throw new OutOfBudget();
}

function addInto(target: Uint8Array, source: Uint8Array): void {
  for (let index = 0; index < source.length; index += 1) if (source[index]) target[index] = 1;
}

function isSame(left: Uint8Array, right: Uint8Array): boolean {
  return left.every((value, index) => value === right[index]);
}
