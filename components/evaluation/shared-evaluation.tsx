'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { SessionUnavailable } from '@/components/session/session-unavailable';
import { fetchEvaluation } from '@/lib/client/api';
import { readEvaluationRecord, type EvaluationRunState } from '@/lib/client/evaluation';
import { formatEvaluationUrl, type EvaluationRecord } from '@/lib/contract';
import { planEvaluation } from '@/lib/evaluation';
import { describeEnding } from './evaluation-sheet';
import { EvaluationToolbar } from './evaluation-toolbar';
import { EvaluationView } from './evaluation-view';
import { useEvaluationRunner } from './use-evaluation-runner';

/** While a stored evaluation is still running, its page reads it again this often. */
const RUNNING_POLL_MS = 2000;

type Loading = { kind: 'loading' } | { kind: 'loaded'; record: EvaluationRecord } | { kind: 'failed'; status: number | undefined; message: string };

/** `/e/<id>`: a stored evaluation's results at once; Replay, Run again live (here, as a new evaluation) and the exports. */
export function SharedEvaluation({ id }: { id: string }) {
  const loading = useStoredEvaluation(id);
  const runner = useEvaluationRunner();
  if (loading.kind === 'loading') {
    return (
      <main data-testid="evaluation-loading" aria-busy="true" className="grid min-h-dvh place-items-center bg-bg p-6 text-sm text-fg-muted">
        Opening the evaluation…
      </main>
    );
  }
  if (loading.kind === 'failed') {
    return <SessionUnavailable title={loading.status === 404 ? 'No such evaluation' : 'This evaluation cannot be opened'} message={loading.message} />;
  }
  const { record } = loading;
  const live = runner.state.phase !== 'idle';
  const evaluation: EvaluationRunState = live ? runner.state : readEvaluationRecord(record);
  const running = evaluation.phase === 'running' || evaluation.phase === 'stopping';
  const runAgain = () => runner.start(record.request, planEvaluation(record.request));
  return (
    <main className="mx-auto max-w-6xl space-y-3 px-4 py-4">
      <header className="space-y-1">
        <h1 className="text-sm font-semibold">
          <Link href="/" className="text-fg-muted hover:text-fg">
            Tool Runtime Playground
          </Link>{' '}
          · Evaluation{record.request.title ? `: ${record.request.title}` : ''}
        </h1>
        <p data-testid="evaluation-heading" className="text-xs text-fg-muted">
          {live ? <LiveRunLabel evaluationId={evaluation.evaluationId} /> : `Recorded ${record.createdAt.slice(0, 16).replace('T', ' ')} UTC · `}
          {evaluation.finished} of {evaluation.totalRuns} runs · {describeEnding(evaluation)} · “{record.request.turn.messages.at(-1)?.content ?? ''}”
        </p>
      </header>
      {running && live && (
        <button type="button" data-testid="evaluation-stop" onClick={runner.stop} className="h-7 rounded-md border border-border px-3 text-xs font-medium hover:bg-panel-muted">
          Stop
        </button>
      )}
      <EvaluationView evaluation={evaluation} toolbar={<EvaluationToolbar key={evaluation.evaluationId} evaluationId={evaluation.evaluationId} running={running} onRunAgain={runAgain} />} />
    </main>
  );
}

/** Run again live is a new evaluation: its own link once the server accepted it. */
function LiveRunLabel({ evaluationId }: { evaluationId: string | null }) {
  if (evaluationId === null) return <>Run again live: </>;
  const path = formatEvaluationUrl(evaluationId);
  return (
    <>
      Run again live as{' '}
      <a data-testid="evaluation-live-link" href={path} className="font-mono underline hover:text-fg">
        {path}
      </a>
      :{' '}
    </>
  );
}

/** The stored evaluation, read again every few seconds while it is still running. */
function useStoredEvaluation(id: string): Loading {
  const [loading, setLoading] = useState<Loading>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const result = await fetchEvaluation(id, controller.signal);
      if (controller.signal.aborted) return;
      setLoading(result.ok ? { kind: 'loaded', record: result.value } : { kind: 'failed', status: result.error.status, message: result.error.message });
      if (result.ok && result.value.status === 'running') timer = setTimeout(() => void read(), RUNNING_POLL_MS);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id]);
  return loading;
}
