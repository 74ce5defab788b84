'use client';

import { ModalFrame } from '@/components/interop/modal-frame';
import type { EvaluationRunState } from '@/lib/client/evaluation';
import { EvaluationToolbar } from './evaluation-toolbar';
import { EvaluationView } from './evaluation-view';
import type { EvaluationProgress } from './use-evaluation-runner';

export type EvaluationSheetProps = {
  evaluation: EvaluationRunState;
  progress: EvaluationProgress;
  onStop: () => void;
  onRunAgain?: () => void;
  onClose: () => void;
};

/** The run panel's evaluation over the page: its progress and Stop while runs stream in, the results as they do. */
export function EvaluationSheet({ evaluation, progress, onStop, onRunAgain, onClose }: EvaluationSheetProps) {
  const running = progress.phase === 'running' || progress.phase === 'stopping';
  const title = `Evaluation · ${progress.finished} of ${progress.total} runs${running ? '' : ` · ${describeEnding(evaluation)}`}`;
  return (
    <ModalFrame title={title} testId="evaluation-sheet" onClose={onClose} size="wide">
      <div className="space-y-3">
        {running && (
          <div className="flex items-center gap-2">
            <div role="progressbar" aria-label="Runs finished" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.finished} className="h-1.5 flex-1 overflow-hidden rounded bg-panel-muted">
              <div className="h-full bg-accent transition-[width]" style={{ width: `${progress.total === 0 ? 0 : Math.round((progress.finished / progress.total) * 100)}%` }} />
            </div>
            <button type="button" data-testid="evaluation-sheet-stop" disabled={progress.phase === 'stopping'} onClick={onStop} className="h-7 rounded-md border border-border px-3 text-xs font-medium hover:bg-panel-muted disabled:opacity-40">
              {progress.phase === 'stopping' ? 'Stopping…' : 'Stop'}
            </button>
          </div>
        )}
        {evaluation.error && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {evaluation.error}
          </p>
        )}
        <EvaluationView evaluation={evaluation} toolbar={<EvaluationToolbar key={evaluation.evaluationId} evaluationId={evaluation.evaluationId} running={running} onRunAgain={onRunAgain} />} />
      </div>
    </ModalFrame>
  );
}

export function describeEnding(evaluation: Pick<EvaluationRunState, 'phase' | 'stopReason' | 'uncounted'>): string {
  const uncounted = evaluation.uncounted > 0 ? ` (${evaluation.uncounted} stopped or refused before their turn ended, not counted)` : '';
  switch (evaluation.phase) {
    case 'finished':
      return `finished${uncounted}`;
    case 'stopped':
      return `${evaluation.stopReason === 'wall-time' ? 'stopped at its time limit' : evaluation.stopReason === 'storage-quota' ? 'stopped: storage quota spent' : 'stopped'}${uncounted}`;
    case 'failed':
      return 'failed';
    case 'idle':
    case 'running':
    case 'stopping':
      return 'running';
  }
}
