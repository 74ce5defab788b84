/** One measured (or skipped) figure; every bench prints each as one JSON line on stdout. */
export type Figure = {
  bench: string;
  /** `null` when the figure could not be measured; `note` then says why. */
  value: number | null;
  unit: string;
  note?: string;
};

const FIGURE_PREFIX = '{"bench":';

/** Prints a figure as one JSON line, the machine-readable output `run-all` collects. */
export function emitFigure(figure: Figure): void {
  const line: Figure = { bench: figure.bench, value: figure.value === null ? null : roundValue(figure.value), unit: figure.unit, ...(figure.note ? { note: figure.note } : {}) };
  console.log(JSON.stringify(line));
}

/** Figures found in a bench's stdout, in print order; other lines are ignored. */
export function readFigures(stdout: string): Figure[] {
  const figures: Figure[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith(FIGURE_PREFIX)) continue;
    try {
      const parsed = JSON.parse(line) as Figure;
      if (typeof parsed.bench === 'string' && typeof parsed.unit === 'string') figures.push(parsed);
    } catch (error) {
      figures.push({ bench: 'unreadable-figure', value: null, unit: '', note: error instanceof Error ? error.message : String(error) });
    }
  }
  return figures;
}

function roundValue(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4;
  return Number(value.toFixed(digits));
}
