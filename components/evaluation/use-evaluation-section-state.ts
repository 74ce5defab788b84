'use client';

import { useState } from 'react';
import type { VariantA } from './evaluate-panel';
import { useEvaluationRunner, type EvaluationRunner } from './use-evaluation-runner';

/**
 * What the Evaluate section holds: the running evaluation, its settings and whether its results are
 * open. The page keeps it above its columns, so a layout that remounts the run panel (the window
 * crossing the wide breakpoint) neither stops a running evaluation nor forgets it.
 */
export type EvaluationSectionState = {
  runner: EvaluationRunner;
  runs: number;
  setRuns: (runs: number) => void;
  variantA: VariantA | null;
  setVariantA: (variantA: VariantA | null) => void;
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
};

/** How many runs the section offers before the user picks. */
const DEFAULT_RUNS = 20;

export function useEvaluationSectionState(): EvaluationSectionState {
  const runner = useEvaluationRunner();
  const [runs, setRuns] = useState(DEFAULT_RUNS);
  const [variantA, setVariantA] = useState<VariantA | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  return { runner, runs, setRuns, variantA, setVariantA, sheetOpen, setSheetOpen };
}
