/** The p50 and p95 of a set of numbers, or `null` when it is empty. */
export type Spread = { p50: number; p95: number } | null;

/** Nearest-rank percentile (the smallest value with at least p% of values at or below it), so every figure is one a run had. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export function spreadOf(values: readonly number[]): Spread {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  return p50 === null || p95 === null ? null : { p50, p95 };
}
