import { describe, expect, it } from 'vitest';
import { compareProportions, describeVariantDifference, formatPercent } from '@/lib/evaluation';

describe('compareProportions', () => {
  it("uses Fisher's exact test when a cell's expected count is under 5", () => {
    const small = compareProportions({ passed: 1, runs: 4 }, { passed: 4, runs: 4 });
    expect(small.test).toBe('fisher-exact');
    expect(small.pValue).toBeCloseTo(0.142857142857, 9);
    expect(small.difference).toBeCloseTo(0.75, 12);
    expect(small.significant).toBe(false);
    expect(compareProportions({ passed: 2, runs: 6 }, { passed: 6, runs: 6 }).pValue).toBeCloseTo(0.060606060606, 9);
  });

  it('uses the pooled two-proportion z-test on larger counts', () => {
    const large = compareProportions({ passed: 30, runs: 50 }, { passed: 40, runs: 50 });
    expect(large.test).toBe('two-proportion-z');
    expect(large.pValue).toBeCloseTo(0.0290963, 6);
    expect(large.significant).toBe(true);
    expect(compareProportions({ passed: 60, runs: 100 }, { passed: 45, runs: 100 }).pValue).toBeCloseTo(0.0336721, 6);
    expect(compareProportions({ passed: 60, runs: 100 }, { passed: 45, runs: 100 }).difference).toBeCloseTo(-0.15, 12);
  });

  it('reads equal rates of all-pass as no evidence at all', () => {
    expect(compareProportions({ passed: 20, runs: 20 }, { passed: 20, runs: 20 }).pValue).toBe(1);
  });
});

describe('describeVariantDifference', () => {
  it('says a larger-than-chance difference in one sentence with the test and p', () => {
    expect(describeVariantDifference({ what: 'Calls search first', a: { passed: 9, runs: 20 }, b: { passed: 18, runs: 20 } })).toBe(
      'B passed “Calls search first” in 18 of 20 runs (90%), A in 9 of 20 runs (45%): 45 points higher with B, larger than chance (two-proportion z-test, p = 0.002).',
    );
  });

  it('says when chance alone could explain the gap', () => {
    expect(describeVariantDifference({ what: 'every assertion', a: { passed: 2, runs: 6 }, b: { passed: 6, runs: 6 } })).toBe(
      "B passed “every assertion” in 6 of 6 runs (100%), A in 2 of 6 runs (33%): 67 points higher with B, a gap chance alone could explain (Fisher's exact test, p = 0.06).",
    );
    expect(describeVariantDifference({ what: 'x', a: { passed: 18, runs: 20 }, b: { passed: 16, runs: 20 } })).toBe(
      "B passed “x” in 16 of 20 runs (80%), A in 18 of 20 runs (90%): 10 points lower with B, a gap chance alone could explain (Fisher's exact test, p = 0.66).",
    );
  });

  it('says no difference when the rates are equal', () => {
    expect(describeVariantDifference({ what: 'x', a: { passed: 5, runs: 10 }, b: { passed: 5, runs: 10 } })).toBe('A and B both passed “x” in 5 of 10 runs (50%): no difference.');
    expect(describeVariantDifference({ what: 'x', a: { passed: 5, runs: 10 }, b: { passed: 10, runs: 20 } })).toBe(
      'A and B both passed “x” in 5 of 10 runs (50%) (A) and 10 of 20 runs (50%) (B): no difference.',
    );
  });

  it('keeps 0% and 100% for none and all', () => {
    expect([formatPercent(0), formatPercent(0.004), formatPercent(0.996), formatPercent(1), formatPercent(0.455)]).toEqual(['0%', '<1%', '>99%', '100%', '46%']);
  });
});
