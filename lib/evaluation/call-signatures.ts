import type { CallFacts, RunFacts } from './run-facts';

/** One way runs called the tools, and how many runs called them that way. */
export type SignatureCount = {
  /** Tool names in call order, each with its argument keys sorted: `search(limit, query) → open(id)`. */
  signature: string;
  runs: number;
  /** The first run with this signature, to open it. */
  exampleRunId: string;
};

export type CallSignatures = {
  distinct: number;
  /** Most frequent first; ties in the order first seen. */
  frequent: SignatureCount[];
};

/** How many distinct tool-call signatures the runs show, and the most frequent `limit` of them. */
export function countCallSignatures(runs: readonly RunFacts[], limit = 5): CallSignatures {
  const counts = new Map<string, SignatureCount>();
  for (const run of runs) {
    const signature = describeCallSignature(run.calls);
    const known = counts.get(signature);
    if (known) known.runs += 1;
    else counts.set(signature, { signature, runs: 1, exampleRunId: run.runId });
  }
  const ordered = [...counts.values()].sort((a, b) => b.runs - a.runs);
  return { distinct: counts.size, frequent: ordered.slice(0, limit) };
}

/** A run's calls as one line; a run that called nothing reads `no calls`. */
export function describeCallSignature(calls: readonly CallFacts[]): string {
  if (calls.length === 0) return 'no calls';
  return calls.map((call) => `${call.name}(${[...call.argumentKeys].sort().join(', ')})`).join(' → ');
}
