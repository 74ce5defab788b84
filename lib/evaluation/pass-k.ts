/**
 * Reliability over k tries drawn without replacement from n runs of which c passed. τ-bench's
 * pass^k is the chance that all k pass, C(c,k)/C(n,k); pass@k the chance that at least one does,
 * 1 − C(n−c,k)/C(n,k). Both are computed as products of ratios, which stay exact enough for n ≤ 100
 * where the binomials themselves would overflow doubles' integer range.
 */
export function passHatK(options: { runs: number; passed: number; k: number }): number {
  const { runs, passed, k } = checkCounts(options);
  return ratioOfChoices(passed, runs, k);
}

/** The chance that at least one of k tries drawn from the runs passes. */
export function passAtK(options: { runs: number; passed: number; k: number }): number {
  const { runs, passed, k } = checkCounts(options);
  return 1 - ratioOfChoices(runs - passed, runs, k);
}

/** pass^k for k = 1…runs (index 0 is k = 1). */
export function passHatKCurve(runs: number, passed: number): number[] {
  return Array.from({ length: runs }, (_, index) => passHatK({ runs, passed, k: index + 1 }));
}

/** C(top, k) / C(bottom, k), with C(top, k) = 0 when top < k. */
function ratioOfChoices(top: number, bottom: number, k: number): number {
  let ratio = 1;
  for (let index = 0; index < k; index += 1) {
    if (top - index <= 0) return 0;
    ratio *= (top - index) / (bottom - index);
  }
  return ratio;
}

function checkCounts(options: { runs: number; passed: number; k: number }) {
  const { runs, passed, k } = options;
  const whole = [runs, passed, k].every(Number.isInteger);
  if (!whole || runs < 1 || passed < 0 || passed > runs || k < 1 || k > runs) {
    throw new RangeError(`pass^k needs whole numbers with 0 ≤ passed ≤ runs and 1 ≤ k ≤ runs (runs ${runs}, passed ${passed}, k ${k}).`);
  }
  return options;
}
