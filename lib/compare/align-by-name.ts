/**
 * One row of an alignment: a pair (`a` and `b` are indexes into each list), or an item only
 * one side has. `moved` marks a pair whose order differs from the other list's.
 */
export type AlignedPair =
  | { a: number; b: number; moved: boolean }
  | { a: number; b?: never; moved?: never }
  | { a?: never; b: number; moved?: never };

/** Above this many cells (`a.length × b.length`) the LCS table costs too much; see `alignByName`. */
export const DEFAULT_ALIGNMENT_CELLS = 500 * 500;

/**
 * Lines up two lists of names: first the longest common subsequence (equal names in order),
 * then each name left over on both sides paired in order as `moved` (a parallel batch that came
 * back reordered), and what is still left is an insertion or a deletion. Rows follow `a`'s
 * order, each item only `b` has placed after the pair before it. Lists whose LCS table would
 * exceed `maxCells` skip the LCS and pair equal names in order, which is linear.
 */
export function alignByName(a: readonly string[], b: readonly string[], maxCells = DEFAULT_ALIGNMENT_CELLS): AlignedPair[] {
  const partnerOfA = new Array<number | undefined>(a.length).fill(undefined);
  const partnerOfB = new Array<number | undefined>(b.length).fill(undefined);
  const inOrder = a.length * b.length <= maxCells ? longestCommonSubsequence(a, b) : [];
  for (const [left, right] of inOrder) {
    partnerOfA[left] = right;
    partnerOfB[right] = left;
  }
  const movedA = new Set<number>();
  pairLeftovers(a, b, partnerOfA, partnerOfB, movedA, inOrder.length === 0);
  return buildRows(partnerOfA, partnerOfB, movedA);
}

/** Index pairs of one longest common subsequence; on ties it keeps `a`'s earlier items in order. */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[i] === b[j] ? (lengths[(i + 1) * width + j + 1] as number) + 1 : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] as number) > (lengths[i * width + j + 1] as number)) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Pairs each unpaired `a` item with the first unpaired `b` item of the same name. Without an
 * LCS (the linear fallback) a pair is `moved` only when it crosses an earlier pair.
 */
function pairLeftovers(
  a: readonly string[],
  b: readonly string[],
  partnerOfA: (number | undefined)[],
  partnerOfB: (number | undefined)[],
  movedA: Set<number>,
  isFallback: boolean,
): void {
  const waiting = new Map<string, number[]>();
  for (let j = b.length - 1; j >= 0; j -= 1) {
    if (partnerOfB[j] !== undefined) continue;
    const name = b[j] as string;
    const queue = waiting.get(name);
    if (queue) queue.push(j);
    else waiting.set(name, [j]);
  }
  let lastB = -1;
  for (let i = 0; i < a.length; i += 1) {
    if (partnerOfA[i] !== undefined) continue;
    const j = waiting.get(a[i] as string)?.pop();
    if (j === undefined) continue;
    partnerOfA[i] = j;
    partnerOfB[j] = i;
    if (!isFallback || j < lastB) movedA.add(i);
    lastB = Math.max(lastB, j);
  }
}

function buildRows(partnerOfA: readonly (number | undefined)[], partnerOfB: readonly (number | undefined)[], movedA: ReadonlySet<number>): AlignedPair[] {
  const rows: AlignedPair[] = [];
  let j = 0;
  const flushInsertionsBefore = (limit: number): void => {
    for (; j < limit; j += 1) if (partnerOfB[j] === undefined) rows.push({ b: j });
  };
  for (let i = 0; i < partnerOfA.length; i += 1) {
    const partner = partnerOfA[i];
    if (partner === undefined) {
      rows.push({ a: i });
      continue;
    }
    if (movedA.has(i)) {
      rows.push({ a: i, b: partner, moved: true });
      continue;
    }
    flushInsertionsBefore(partner);
    rows.push({ a: i, b: partner, moved: false });
    j = Math.max(j, partner + 1);
  }
  flushInsertionsBefore(partnerOfB.length);
  return rows;
}
