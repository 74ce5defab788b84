/** The q-quantile (0..1) of the values, nearest-rank; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Peak resident set size of this process so far, in MB. */
export function readPeakRssMegabytes(): number {
  // maxRSS is reported in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}
