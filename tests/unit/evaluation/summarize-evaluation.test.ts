import { describe, expect, it } from 'vitest';
import { evaluationRunOutcomeSchema, type EvaluationRunOutcome } from '@/lib/contract';
import { countCallShares, countCallSignatures, describeCallSignature, percentile, readRunFacts, spreadOf, summarizeEvaluation, type RunFacts } from '@/lib/evaluation';
import { call, runFacts } from './evaluation-fixtures';

describe('call signatures', () => {
  it('names tools in call order with their argument keys sorted', () => {
    expect(describeCallSignature([call('search', ['query', 'limit']), call('open', ['id'])])).toBe('search(limit, query) → open(id)');
    expect(describeCallSignature([])).toBe('no calls');
  });

  it('counts distinct signatures, most frequent first, with a run to open', () => {
    const runs = [
      runFacts('r1', { calls: [call('search', ['query'])] }),
      runFacts('r2', { calls: [call('search', ['query', 'limit'])] }),
      runFacts('r3', { calls: [call('search', ['limit', 'query'])] }),
      runFacts('r4', { calls: [] }),
    ];
    expect(countCallSignatures(runs, 2)).toEqual({
      distinct: 3,
      frequent: [
        { signature: 'search(limit, query)', runs: 2, exampleRunId: 'r2' },
        { signature: 'search(query)', runs: 1, exampleRunId: 'r1' },
      ],
    });
  });
});

describe('call shares', () => {
  it('counts repaired (overall and by rung), rejected (by code) and denied out of every proposed call', () => {
    const runs: RunFacts[] = [
      // One call repaired by two rungs: one repaired call, counted under each rung.
      runFacts('r1', { calls: [call('a', [], ['strip-code-fence', 'fix-closers']), call('b')], rejections: { 'unparseable-arguments': 1 } }),
      runFacts('r2', { calls: [call('a'), call('c', [], ['fix-closers']), call('b')], rejections: { 'invalid-arguments': 2 }, denials: 1 }),
    ];
    expect(countCallShares(runs)).toEqual({
      calls: 5,
      repaired: { count: 2, share: 0.4 },
      repairedByRung: [
        { rung: 'fix-closers', count: 2, share: 0.4 },
        { rung: 'strip-code-fence', count: 1, share: 0.2 },
      ],
      rejected: { count: 3, share: 0.6 },
      rejectedByCode: [
        { code: 'invalid-arguments', count: 2, share: 0.4 },
        { code: 'unparseable-arguments', count: 1, share: 0.2 },
      ],
      denied: { count: 1, share: 0.2 },
    });
    expect(countCallShares([runFacts('r', { calls: [] })]).denied).toEqual({ count: 0, share: 0 });
  });
});

/** A stored outcome of `auto` (model 0) as the server writes it, with the given calls. */
function outcome(variant: number, run: number, calls: unknown[]): EvaluationRunOutcome {
  return evaluationRunOutcomeSchema.parse({
    status: 'completed',
    ending: 'completed',
    variant,
    model: 0,
    run,
    seed: run,
    sessionId: `s${variant}${run}`,
    assertions: [{ pass: true, message: 'held' }],
    calls,
    repairs: {},
    rejections: {},
    denials: 0,
    iterations: 2,
    tokens: 10,
    latencyMs: 5,
  });
}

describe('the share of calls repaired, read from stored outcomes', () => {
  it('counts each repaired call once overall and once under each of its rungs, per model × variant', () => {
    const outcomes = [
      outcome(0, 0, [
        { name: 'search', argumentKeys: ['query'], iteration: 1, status: 'success', repairs: ['strip-code-fence', 'fix-syntax'] },
        { name: 'search', argumentKeys: ['query'], iteration: 1, status: 'success' },
      ]),
      outcome(0, 1, [
        { name: 'search', argumentKeys: ['query'], iteration: 1, status: 'success', repairs: ['fix-syntax'] },
        { name: 'open', argumentKeys: [], iteration: 1, refusal: { kind: 'rejected', code: 'unparseable-arguments' } },
      ]),
      outcome(1, 0, [
        { name: 'search', argumentKeys: ['query'], iteration: 1, status: 'success' },
        { name: 'delete', argumentKeys: ['path'], iteration: 1, refusal: { kind: 'denied' } },
      ]),
    ];
    const plan = { assertionLabels: ['held'], models: ['auto'], variants: ['A', 'B'] };
    const runs = outcomes.map((stored) => readRunFacts(stored, plan)).filter((facts) => facts !== null);
    const [a, b] = summarizeEvaluation(runs, plan).groups;
    expect(a?.calls.repaired).toEqual({ count: 2, share: 0.5 });
    expect(a?.calls.repairedByRung).toEqual([
      { rung: 'fix-syntax', count: 2, share: 0.5 },
      { rung: 'strip-code-fence', count: 1, share: 0.25 },
    ]);
    expect(b?.calls.repaired).toEqual({ count: 0, share: 0 });
    expect(b?.calls.repairedByRung).toEqual([]);
  });
});

describe('percentiles', () => {
  it('takes the nearest rank, so every figure is one a run had', () => {
    const values = Array.from({ length: 20 }, (_, index) => (index + 1) * 10);
    expect(percentile(values, 50)).toBe(100);
    expect(percentile(values, 95)).toBe(190);
    expect(spreadOf([30, 10, 20])).toEqual({ p50: 20, p95: 30 });
    expect(spreadOf([])).toBeNull();
  });
});

describe('summarizeEvaluation', () => {
  const pass = (runId: string, variant: 'A' | 'B', assertions: boolean[], model = 'auto') => runFacts(runId, { variant, assertions, model });
  const runs = [
    pass('a1', 'A', [true, false]),
    pass('b1', 'B', [true, true]),
    pass('a2', 'A', [true, true]),
    pass('b2', 'B', [true, true]),
    pass('a3', 'A', [false, false]),
    pass('b3', 'B', [true, false]),
    pass('a4', 'A', [true, false]),
    pass('b4', 'B', [true, true]),
    pass('g1', 'B', [false, false], 'gpt'),
  ];
  const summary = summarizeEvaluation(runs, { assertionLabels: ['Calls search', 'Final text says done'], models: ['auto', 'gpt'], variants: ['A', 'B'] });

  it("groups runs per model × variant in the plan's order", () => {
    expect(summary.groups.map((group) => [group.model, group.variant, group.runIds])).toEqual([
      ['auto', 'A', ['a1', 'a2', 'a3', 'a4']],
      ['auto', 'B', ['b1', 'b2', 'b3', 'b4']],
      ['gpt', 'B', ['g1']],
    ]);
  });

  it('gives each assertion and every-assertion their pass rates, pass^k and pass@k', () => {
    const [a, b] = summary.groups;
    expect(a?.assertions.map((rate) => [rate.passed, rate.runs])).toEqual([[3, 4], [1, 4]]);
    expect(a?.allAssertions?.passHatK).toEqual([0.25, 0, 0, 0]);
    expect(b?.allAssertions?.passed).toBe(3);
    expect(b?.allAssertions?.passHatK[1]).toBeCloseTo(0.5, 12);
    expect(b?.allAssertions?.passAtK).toEqual([0.75, 1, 1, 1]);
    expect(a?.failingRunIds).toEqual(['a1', 'a3', 'a4']);
    expect(b?.failingRunIds).toEqual(['b3']);
    expect(b?.iterations).toEqual({ p50: 2, p95: 2 });
  });

  it('says how B compares with A on every assertion and on each assertion that moved, per model', () => {
    expect(summary.differences.map((difference) => [difference.model, difference.assertion, difference.sentence])).toEqual([
      ['auto', 'all', "B passed “every assertion” in 3 of 4 runs (75%), A in 1 of 4 runs (25%): 50 points higher with B, a gap chance alone could explain (Fisher's exact test, p = 0.49)."],
      ['auto', 0, "B passed “Calls search” in 4 of 4 runs (100%), A in 3 of 4 runs (75%): 25 points higher with B, a gap chance alone could explain (Fisher's exact test, p = 1.00)."],
      ['auto', 1, "B passed “Final text says done” in 3 of 4 runs (75%), A in 1 of 4 runs (25%): 50 points higher with B, a gap chance alone could explain (Fisher's exact test, p = 0.49)."],
    ]);
  });

  it('has no pass rates without assertions, and no sentence without both variants', () => {
    const bare = summarizeEvaluation([runFacts('x', { assertions: [] })], { assertionLabels: [], models: ['auto'], variants: ['B'] });
    expect(bare.groups[0]?.allAssertions).toBeNull();
    expect(bare.groups[0]?.failingRunIds).toEqual([]);
    expect(bare.differences).toEqual([]);
  });

  it('names the variants by their labels in the sentence', () => {
    const named = summarizeEvaluation([pass('x', 'A', [false]), runFacts('y', { variant: 'enum', assertions: [true] })], { assertionLabels: ['Calls search'], models: ['auto'], variants: ['A', 'enum'] });
    expect(named.differences.map((difference) => difference.sentence)).toEqual([
      "enum passed “Calls search” in 1 of 1 runs (100%), A in 0 of 1 runs (0%): 100 points higher with enum, a gap chance alone could explain (Fisher's exact test, p = 1.00).",
    ]);
  });
});
