'use client';

import { useState } from 'react';
import { readSessionId } from '@/components/session/compare-with-form';
import type { EvaluationProgress } from './use-evaluation-runner';

/** Variant A's module text and where it came from. */
export type VariantA = { source: string; label: string };

export type EvaluatePanelProps = {
  runs: number;
  onRunsChange: (runs: number) => void;
  /** The models the runs use, as their labels. */
  modelLabels: readonly string[];
  variantA: VariantA | null;
  onPinEditor: () => void;
  onPinSession: (sessionId: string) => void;
  onUnpin: () => void;
  progress: EvaluationProgress;
  onStart: () => void;
  onStop: () => void;
  onShowResults: () => void;
  /** A turn is running: an evaluation waits for it. */
  busy: boolean;
  /** Turns so far: each run plays the message after them. */
  conversationTurns: number;
};

export const MAX_EVALUATION_RUNS = 100;

/** Run ×N: how many runs, on which models, with the editor's module as B and a pinned text or a shared session's module as A. */
export function EvaluatePanel(props: EvaluatePanelProps) {
  const { runs, onRunsChange, modelLabels, variantA, progress, busy } = props;
  const running = progress.phase === 'running' || progress.phase === 'stopping';
  const variants = variantA ? 2 : 1;
  const total = runs * variants * modelLabels.length;
  return (
    <details data-testid="evaluate-panel" open={running || progress.phase !== 'idle' || undefined} className="rounded-md border border-border text-xs">
      <summary className="cursor-pointer px-2 py-1 text-[11px] font-medium text-fg-muted">Evaluate: run this message N times and see how often the assertions hold</summary>
      <div className="space-y-2 border-t border-border px-2 py-2">
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5">
            <span className="text-[11px] font-medium text-fg-muted">Runs</span>
            <input
              type="number"
              data-testid="evaluation-runs"
              min={1}
              max={MAX_EVALUATION_RUNS}
              value={runs}
              disabled={running}
              onChange={(event) => onRunsChange(Math.min(MAX_EVALUATION_RUNS, Math.max(1, Math.trunc(Number(event.target.value) || 1))))}
              className="h-7 w-16 rounded-md border border-border bg-panel px-2 text-xs"
            />
          </label>
          <span className="min-w-0 flex-1 truncate text-[11px] text-fg-muted" title={modelLabels.join(', ')}>
            × {variants} variant{variants === 1 ? '' : 's'} on {modelLabels.join(', ')} = {total} run{total === 1 ? '' : 's'}
            {props.conversationTurns > 0 ? `, each after the ${props.conversationTurns} turn${props.conversationTurns === 1 ? '' : 's'} so far` : ''}
          </span>
        </div>
        <VariantALine {...props} disabled={running} />
        <div className="flex items-center gap-2">
          <ProgressBar progress={progress} />
          {running ? (
            <button type="button" data-testid="evaluation-stop" disabled={progress.phase === 'stopping'} onClick={props.onStop} className="h-7 rounded-md border border-border px-3 text-xs font-medium hover:bg-panel-muted disabled:opacity-40">
              Stop
            </button>
          ) : (
            progress.phase !== 'idle' && (
              <button type="button" data-testid="evaluation-show-results" onClick={props.onShowResults} className="h-7 rounded-md border border-border px-2.5 text-xs font-medium hover:bg-panel-muted">
                Results
              </button>
            )
          )}
          <button
            type="button"
            data-testid="evaluation-start"
            disabled={running || busy}
            onClick={props.onStart}
            className="h-7 shrink-0 rounded-md bg-accent px-3 text-xs font-semibold text-accent-fg hover:opacity-90 disabled:opacity-50"
          >
            Run ×{runs}
          </button>
        </div>
        {progress.error && (
          <p role="alert" data-testid="evaluation-error" className="text-[11px] text-red-700 dark:text-red-400">
            {progress.error}
          </p>
        )}
      </div>
    </details>
  );
}

/** Variant A: none (B alone), the editor's text pinned now, or a shared session's module. */
function VariantALine({ variantA, onPinEditor, onPinSession, onUnpin, disabled }: EvaluatePanelProps & { disabled: boolean }) {
  const [link, setLink] = useState('');
  const sessionId = readSessionId(link);
  if (variantA) {
    return (
      <p data-testid="variant-a" className="flex items-center gap-2 text-[11px]">
        <span className="rounded border border-border px-1 font-semibold">A</span>
        <span className="min-w-0 flex-1 truncate text-fg-muted">{variantA.label} · B is the editor&apos;s text</span>
        <button type="button" data-testid="variant-a-unpin" disabled={disabled} onClick={onUnpin} className="text-fg-muted underline hover:text-fg disabled:opacity-40">
          Unpin
        </button>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-[11px]">
      <button
        type="button"
        data-testid="pin-as-a"
        disabled={disabled}
        onClick={onPinEditor}
        title="Keep the editor's module as it is now as variant A; edit the editor and every run compares it (B) with A"
        className="h-6 rounded border border-border px-2 font-medium hover:bg-panel-muted disabled:opacity-40"
      >
        Pin as A
      </button>
      <span className="text-fg-muted">or A from</span>
      <input
        data-testid="variant-a-session"
        aria-label="A shared session whose module is variant A"
        placeholder="a session link"
        value={link}
        onChange={(event) => setLink(event.target.value)}
        className="h-6 w-40 min-w-0 flex-1 rounded border border-border bg-panel px-1.5 font-mono text-[11px]"
      />
      <button type="button" disabled={disabled || sessionId === null} onClick={() => sessionId && onPinSession(sessionId)} className="h-6 rounded border border-border px-2 font-medium hover:bg-panel-muted disabled:opacity-40">
        Use
      </button>
    </div>
  );
}

function ProgressBar({ progress }: { progress: EvaluationProgress }) {
  const share = progress.total === 0 ? 0 : progress.finished / progress.total;
  const label = progress.phase === 'idle' ? 'Not run yet' : `${progress.finished} of ${progress.total} runs${progress.phase === 'stopping' ? ' · stopping…' : progress.phase === 'stopped' ? ' · stopped' : ''}`;
  return (
    <div className="min-w-0 flex-1 space-y-0.5">
      <div role="progressbar" aria-label="Evaluation progress" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.finished} data-testid="evaluation-progress" className="h-1.5 overflow-hidden rounded bg-panel-muted">
        <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p data-testid="evaluation-progress-text" className="text-[10.5px] text-fg-muted tabular-nums">
        {label}
        {progress.failedRuns > 0 ? ` · ${progress.failedRuns} failed an assertion` : ''}
      </p>
    </div>
  );
}
