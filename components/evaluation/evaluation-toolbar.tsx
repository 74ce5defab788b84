'use client';

import { useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { replayEvaluation } from '@/lib/client/api';
import { formatEvaluationUrl, type EvaluationReplayReport } from '@/lib/contract';
import { BUTTON_CLASS } from './evaluation-results';

export type EvaluationToolbarProps = {
  /** Unknown until the server accepted the evaluation. */
  evaluationId: string | null;
  running: boolean;
  /** Starts a new evaluation from the same request; absent where the page cannot. */
  onRunAgain?: () => void;
};

type ReplayStatus = { kind: 'idle' } | { kind: 'replaying' } | { kind: 'done'; report: EvaluationReplayReport } | { kind: 'failed'; message: string };

/** Share (the `/e/<id>` link), Replay every run on its tape, Run again live, and the exports. */
export function EvaluationToolbar({ evaluationId, running, onRunAgain }: EvaluationToolbarProps) {
  const [shown, setShown] = useState(false);
  const [replay, setReplay] = useState<ReplayStatus>({ kind: 'idle' });
  if (evaluationId === null) return null;
  const path = formatEvaluationUrl(evaluationId);
  const replayAll = async () => {
    setReplay({ kind: 'replaying' });
    const result = await replayEvaluation(evaluationId);
    setReplay(result.ok ? { kind: 'done', report: result.value } : { kind: 'failed', message: result.error.message });
  };
  const exportHref = (format: 'vitest' | 'promptfoo') => `/api/evaluations/${encodeURIComponent(evaluationId)}/export?format=${format}`;
  return (
    <>
      <ReplayVerdict status={replay} />
      {shown ? (
        <span className="flex items-center gap-1.5">
          <a data-testid="evaluation-share-link" href={path} target="_blank" rel="noopener" className="font-mono text-[11px] underline">
            {path}
          </a>
          <CopyButton text={typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString()} label="Copy link" />
        </span>
      ) : (
        <button type="button" data-testid="evaluation-share" onClick={() => setShown(true)} className={BUTTON_CLASS} title="The evaluation is stored with its runs: its link opens the results at once">
          Share
        </button>
      )}
      <button type="button" data-testid="evaluation-replay" disabled={running || replay.kind === 'replaying'} onClick={() => void replayAll()} className={`${BUTTON_CLASS} disabled:opacity-50`} title="Re-check every run on its recorded tape: no model is called">
        {replay.kind === 'replaying' ? 'Replaying…' : 'Replay'}
      </button>
      {onRunAgain && (
        <button type="button" data-testid="evaluation-run-again" disabled={running} onClick={onRunAgain} className={`${BUTTON_CLASS} disabled:opacity-50`} title="Run the same request again against the models: a new evaluation">
          Run again live
        </button>
      )}
      <span className="flex items-center gap-1 text-[11px] text-fg-muted">
        Export
        <a data-testid="evaluation-export-vitest" href={exportHref('vitest')} download className="underline hover:text-fg">
          Vitest
        </a>
        ·
        <a data-testid="evaluation-export-promptfoo" href={exportHref('promptfoo')} download className="underline hover:text-fg">
          Promptfoo
        </a>
      </span>
    </>
  );
}

function ReplayVerdict({ status }: { status: ReplayStatus }) {
  switch (status.kind) {
    case 'idle':
    case 'replaying':
      return null;
    case 'failed':
      return (
        <span role="alert" className="text-[11px] text-red-700 dark:text-red-400">
          Replay failed: {status.message}
        </span>
      );
    case 'done': {
      const { report } = status;
      const differing = report.runs.filter((run) => !run.identical).length;
      const skipped = report.skipped > 0 ? `, ${report.skipped} not replayed (stopped or not stored)` : '';
      return (
        <span data-testid="evaluation-replay-verdict" className={`text-[11px] ${report.identical ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}>
          {report.identical
            ? `Replay: all ${report.runs.length} runs identical on their tapes, no model called${skipped}`
            : `Replay: ${differing} of ${report.runs.length} runs differ from their recording (no model called)${skipped}`}
        </span>
      );
    }
  }
}
