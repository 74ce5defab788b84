'use client';

import { useMemo, type ReactNode } from 'react';
import type { EvaluationRunState } from '@/lib/client/evaluation';
import { summarizeEvaluation } from '@/lib/evaluation';
import { EvaluationResults } from './evaluation-results';
import { StoppedRuns } from './stopped-runs';

export type EvaluationViewProps = {
  evaluation: Pick<EvaluationRunState, 'phase' | 'totalRuns' | 'runs' | 'plan' | 'error' | 'stopped'>;
  toolbar?: ReactNode;
};

/** The results of the runs finished so far (summarized again as each arrives), or why there are none yet. */
export function EvaluationView({ evaluation, toolbar }: EvaluationViewProps) {
  const { runs, plan } = evaluation;
  const summary = useMemo(() => summarizeEvaluation(runs.map((run) => run.facts), plan), [runs, plan]);
  const sessionIds = useMemo(() => new Map(runs.flatMap((run) => (run.sessionId === null ? [] : [[run.facts.runId, run.sessionId] as const]))), [runs]);
  if (runs.length === 0) {
    return (
      <div className="space-y-2">
        <p data-testid="evaluation-empty" className="px-1 py-6 text-sm text-fg-muted">
          {evaluation.phase === 'running' ? `Waiting for the first of ${evaluation.totalRuns} runs to finish…` : (evaluation.error ?? 'No run finished.')}
        </p>
        <StoppedRuns runs={evaluation.stopped} />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <EvaluationResults summary={summary} assertionLabels={plan.assertionLabels} sessionIds={sessionIds} toolbar={toolbar} />
      <StoppedRuns runs={evaluation.stopped} />
    </div>
  );
}
