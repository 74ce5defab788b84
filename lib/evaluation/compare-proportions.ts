/** How many of a variant's runs passed. */
export type Proportion = { passed: number; runs: number };

export type ProportionTest = 'fisher-exact' | 'two-proportion-z';

/** Whether two pass rates differ by more than chance would, at the 5% level (two-sided). */
export type ProportionComparison = {
  /** B's rate minus A's, from −1 to 1. */
  difference: number;
  test: ProportionTest;
  pValue: number;
  significant: boolean;
};

const SIGNIFICANCE_LEVEL = 0.05;
/** Below this expected count in any cell the normal approximation misleads, so Fisher's exact test is used instead. */
const SMALLEST_EXPECTED_COUNT = 5;

/** Compares A's pass rate with B's: Fisher's exact test on small counts, else the pooled two-proportion z-test. */
export function compareProportions(a: Proportion, b: Proportion): ProportionComparison {
  if (a.runs < 1 || b.runs < 1) throw new RangeError('Each side needs at least one run.');
  const difference = b.passed / b.runs - a.passed / a.runs;
  const test = smallestExpectedCount(a, b) < SMALLEST_EXPECTED_COUNT ? 'fisher-exact' : 'two-proportion-z';
  const pValue = test === 'fisher-exact' ? fisherExactPValue(a, b) : twoProportionZPValue(a, b);
  return { difference, test, pValue, significant: pValue < SIGNIFICANCE_LEVEL };
}

function smallestExpectedCount(a: Proportion, b: Proportion): number {
  const total = a.runs + b.runs;
  const passed = a.passed + b.passed;
  const failed = total - passed;
  return Math.min(...[a.runs, b.runs].flatMap((runs) => [(runs * passed) / total, (runs * failed) / total]));
}

/** Two-sided: the probability, with the margins fixed, of every table no more likely than the one observed. */
function fisherExactPValue(a: Proportion, b: Proportion): number {
  const passed = a.passed + b.passed;
  const total = a.runs + b.runs;
  const logFactorials = logFactorialTable(total);
  const logChoose = (n: number, k: number) => (logFactorials[n] ?? 0) - (logFactorials[k] ?? 0) - (logFactorials[n - k] ?? 0);
  const logProbability = (x: number) => logChoose(a.runs, x) + logChoose(b.runs, passed - x) - logChoose(total, passed);
  const observed = logProbability(a.passed);
  let pValue = 0;
  for (let x = Math.max(0, passed - b.runs); x <= Math.min(a.runs, passed); x += 1) {
    const logP = logProbability(x);
    // A relative tolerance keeps tables exactly as likely as the observed one despite rounding.
    if (logP <= observed + 1e-7) pValue += Math.exp(logP);
  }
  return Math.min(1, pValue);
}

function logFactorialTable(n: number): number[] {
  const table = [0];
  for (let index = 1; index <= n; index += 1) table.push((table[index - 1] ?? 0) + Math.log(index));
  return table;
}

function twoProportionZPValue(a: Proportion, b: Proportion): number {
  const pooled = (a.passed + b.passed) / (a.runs + b.runs);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.runs + 1 / b.runs));
  if (standardError === 0) return 1;
  const z = (b.passed / b.runs - a.passed / a.runs) / standardError;
  return complementaryErrorFunction(Math.abs(z) / Math.SQRT2);
}

/** erfc with fractional error under 1.2e-7 everywhere (Numerical Recipes' Chebyshev fit). */
function complementaryErrorFunction(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const polynomial = [-1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587, -0.82215223, 0.17087277]
    .reduceRight((sum, coefficient) => coefficient + t * sum, 0);
  const value = t * Math.exp(-x * x + polynomial);
  return x >= 0 ? value : 2 - value;
}
