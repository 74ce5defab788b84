import type { CallFacts, RunFacts } from '@/lib/evaluation';
import type { RepairRung } from '@/lib/runtime';

/** A call with the given argument keys, repaired by the given rungs. */
export function call(name: string, argumentKeys: string[] = [], repairs: RepairRung[] = []): CallFacts {
  return { name, argumentKeys, repairs };
}

/** A finished run of `auto` with variant B, overriding whatever the test is about. */
export function runFacts(runId: string, overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    runId,
    model: 'auto',
    variant: 'B',
    assertions: [true],
    calls: [call('search', ['query'])],
    rejections: {},
    denials: 0,
    iterations: 2,
    totalTokens: 100,
    latencyMs: 50,
    ...overrides,
  };
}
