'use client';

import { useMemo, type ReactNode } from 'react';
import type { EvaluationRunState } from '@/lib/client/evaluation';
import { summarizeEvaluation } from '@/lib/evaluation';
import { EvaluationResults } from './evaluation-results';

export type EvaluationViewProps = {
  evaluation: Pick<EvaluationRunState, 'phase' | 'totalRuns' | 'runs' | 'plan' | 'error'>;
  toolbar?: ReactNode;
};

/** The results of the runs finished so far (summarized again as each arrives), or why there are none yet. */
export function EvaluationView({ evaluation, toolbar }: EvaluationViewProps) {
  const { runs, plan } = evaluation;
  const summary = useMemo(() => summarizeEvaluation(runs.map((run) => run.facts), plan), [runs, plan]);
  const sessionIds = useMemo(() => new Map(runs.flatMap((run) => (run.sessionId === null ? [] : [[run.facts.runId, run.sessionId] as const]))), [runs]);
  if (runs.length === 0) {
    return (
      <p data-testid="evaluation-empty" className="px-1 py-6 text-sm text-fg-muted">
        {evaluation.phase === 'running' ? `Waiting for the first of ${evaluation.totalRuns} runs to finish…` : (evaluation.error ?? 'No run finished.')}
      </p>
    );
  }
  return <EvaluationResults summary={summary} assertionLabels={plan.assertionLabels} sessionIds={sessionIds} toolbar={toolbar} />;
}
