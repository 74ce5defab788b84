import { DEFAULT_ALIGNMENT_CELLS } from './align-by-name';
import { DEFAULT_CHANGE_LIMIT } from './diff/diff-json';
import type { CompareRunsOptions, RunLabels } from './run-comparison';

/** `CompareRunsOptions` with every default filled in. */
export type ComparisonSettings = { labels: RunLabels; maxChanges: number; maxAlignmentCells: number };

export function resolveComparisonSettings(options: CompareRunsOptions = {}): ComparisonSettings {
  return {
    labels: { a: options.labels?.a ?? 'A', b: options.labels?.b ?? 'B' },
    maxChanges: options.maxChanges ?? DEFAULT_CHANGE_LIMIT,
    maxAlignmentCells: options.maxAlignmentCells ?? DEFAULT_ALIGNMENT_CELLS,
  };
}
