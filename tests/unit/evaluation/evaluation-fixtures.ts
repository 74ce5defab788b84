import type { CallFacts, RunFacts } from '@/lib/evaluation';

/** A call that ran with the given argument keys and no repair. */
export function ranCall(name: string, argumentKeys: string[] | null = []): CallFacts {
  return { name, argumentKeys, repairs: [], outcome: { kind: 'ran' } };
}

/** A finished run of `model` with `variant`, overriding whatever the test is about. */
export function runFacts(runId: string, overrides: Partial<RunFacts> = {}): RunFacts {
  return { runId, model: 'auto', variant: 'B', assertions: [true], calls: [ranCall('search', ['query'])], iterations: 2, totalTokens: 100, latencyMs: 50, ...overrides };
}
