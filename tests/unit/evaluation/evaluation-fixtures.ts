import type { CallFacts, RunFacts } from '@/lib/evaluation';

/** A call with the given argument keys. */
export function call(name: string, argumentKeys: string[] = []): CallFacts {
  return { name, argumentKeys };
}

/** A finished run of `auto` with variant B, overriding whatever the test is about. */
export function runFacts(runId: string, overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    runId,
    model: 'auto',
    variant: 'B',
    assertions: [true],
    calls: [call('search', ['query'])],
    repairs: {},
    rejections: {},
    denials: 0,
    iterations: 2,
    totalTokens: 100,
    latencyMs: 50,
    ...overrides,
  };
}
