import { compareProportions, type Proportion } from './compare-proportions';

/** Two variants' pass counts of one expectation, with their labels (`A` and `B` unless given). */
export type VariantDifferenceInput = { what: string; a: Proportion; b: Proportion; labels?: { a: string; b: string } };

/**
 * One plain sentence on how B's pass rate of `what` compares with A's, and whether the gap is larger
 * than chance: "B passed “Calls search first” in 18 of 20 runs (90%), A in 9 of 20 runs (45%): 45
 * points higher with B, larger than chance (two-proportion z-test, p = 0.002)."
 */
export function describeVariantDifference(options: VariantDifferenceInput): string {
  const { what, a, b } = options;
  const { a: nameA, b: nameB } = options.labels ?? { a: 'A', b: 'B' };
  if (a.passed * b.runs === b.passed * a.runs) {
    const same = a.runs === b.runs ? `in ${formatProportion(a)}` : `in ${formatProportion(a)} (${nameA}) and ${formatProportion(b)} (${nameB})`;
    return `${nameA} and ${nameB} both passed “${what}” ${same}: no difference.`;
  }
  const comparison = compareProportions(a, b);
  const points = Math.round(Math.abs(comparison.difference) * 100);
  const direction = `${points === 0 ? 'under 1 point' : `${points} ${points === 1 ? 'point' : 'points'}`} ${comparison.difference > 0 ? 'higher' : 'lower'} with ${nameB}`;
  const verdict = comparison.significant ? 'larger than chance' : 'a gap chance alone could explain';
  const test = comparison.test === 'fisher-exact' ? "Fisher's exact test" : 'two-proportion z-test';
  return `${nameB} passed “${what}” in ${formatProportion(b)}, ${nameA} in ${formatProportion(a)}: ${direction}, ${verdict} (${test}, ${formatPValue(comparison.pValue)}).`;
}

export function formatProportion(proportion: Proportion): string {
  return `${proportion.passed} of ${proportion.runs} runs (${formatPercent(proportion.passed / proportion.runs)})`;
}

/** A share as a whole percent, keeping 0% and 100% for exactly none and all. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 1) return '<1%';
  if (percent > 99 && percent < 100) return '>99%';
  return `${Math.round(percent)}%`;
}

function formatPValue(pValue: number): string {
  if (pValue < 0.001) return 'p < 0.001';
  return `p = ${pValue < 0.01 ? pValue.toFixed(3) : pValue.toFixed(2)}`;
}
