'use client';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { fetchEvaluation, streamEvaluation } from '@/lib/client/api';
import { IDLE_EVALUATION, reduceEvaluationRun, type EvaluationPhase, type EvaluationRunState } from '@/lib/client/evaluation';
import type { EvaluationEvent, EvaluationRecord, EvaluationRequestBody } from '@/lib/contract';
import type { EvaluationPlan } from '@/lib/evaluation';

/** What the run panel's progress bar shows. */
export type EvaluationProgress = { phase: EvaluationPhase; finished: number; total: number; failedRuns: number; error: string | null };

export type EvaluationRunner = {
  state: EvaluationRunState;
  progress: EvaluationProgress;
  start: (body: EvaluationRequestBody, plan: EvaluationPlan) => void;
  /** Starts the last evaluation's request again (a new evaluation); absent before the first. */
  runAgain: (() => void) | undefined;
  stop: () => void;
};

/**
 * Events that arrive within this long of each other are applied together: the results are
 * summarized and redrawn at most this often however fast runs end (a run at a time made a
 * 100-run evaluation summarize 100 times, each over every run so far).
 */
const BATCH_MS = 150;

/** How often, and how many times, a stopped evaluation's record is read until it says it ended. */
const RECORD_POLL_MS = 500;
const RECORD_POLLS = 20;

/** The stored record of a stopped evaluation once it is no longer running, while `isCurrent`; undefined if it does not end in time or cannot be read. */
async function readWhenEnded(id: string, isCurrent: () => boolean): Promise<EvaluationRecord | undefined> {
  for (let poll = 0; poll < RECORD_POLLS && isCurrent(); poll += 1) {
    const result = await fetchEvaluation(id);
    if (!result.ok) return undefined;
    if (result.value.status !== 'running') return isCurrent() ? result.value : undefined;
    await new Promise((resolve) => setTimeout(resolve, RECORD_POLL_MS));
  }
  return undefined;
}

/** One evaluation at a time: POST it, keep its runs as they stream in, Stop (closing the stream stops the runs still going). */
export function useEvaluationRunner(): EvaluationRunner {
  const [state, dispatch] = useReducer(reduceEvaluationRun, IDLE_EVALUATION);
  const [last, setLast] = useState<{ body: EvaluationRequestBody; plan: EvaluationPlan } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);
  const start = useCallback((body: EvaluationRequestBody, plan: EvaluationPlan) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setLast({ body, plan });
    dispatch({ type: 'evaluation-requested', plan, totalRuns: body.runs * body.models.length * body.variants.length });
    let waiting: EvaluationEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (waiting.length === 0 || controllerRef.current !== controller) return;
      dispatch({ type: 'evaluation-events', events: waiting });
      waiting = [];
    };
    let evaluationId: string | undefined;
    const onEvent = (event: EvaluationEvent) => {
      if (event.type === 'evaluation-start') evaluationId = event.evaluationId;
      waiting.push(event);
      timer ??= setTimeout(flush, BATCH_MS);
    };
    void streamEvaluation(body, { signal: controller.signal, onEvent }).then((result) => {
      flush();
      if (result.ok || result.error.code === 'aborted') dispatch({ type: 'evaluation-closed' });
      else dispatch({ type: 'evaluation-failed', message: result.error.message });
      // Stopped here, the stream closed before the runs in flight ended: the record has them, stopped with their partial turns.
      if (!result.ok && result.error.code === 'aborted' && evaluationId) void readWhenEnded(evaluationId, () => controllerRef.current === controller).then((record) => record && dispatch({ type: 'evaluation-record', record }));
    });
  }, []);
  const stop = useCallback(() => {
    dispatch({ type: 'evaluation-stopping' });
    controllerRef.current?.abort();
  }, []);
  const failedRuns = state.runs.filter((run) => run.facts.assertions.some((held) => !held)).length;
  const progress: EvaluationProgress = { phase: state.phase, finished: state.finished, total: state.totalRuns, failedRuns, error: state.error };
  return { state, progress, start, runAgain: last ? () => start(last.body, last.plan) : undefined, stop };
}
