// Server-only: an evaluation's runs, a bounded number at a time, each outcome streamed as it ends.
import { evaluationRunSeed, type EvaluationEvent, type EvaluationRequest, type EvaluationRunOutcome, type EvaluationState, type EvaluationStopReason } from '@/lib/contract';

/** Which run: indexes into the request's variants and models, the run's number and its seed. */
export type EvaluationRunSpec = { variant: number; model: number; run: number; seed: number };

/** What one run gave; `stop` ends the evaluation after it (the storage quota is spent). */
export type EvaluationRunResult = { outcome: EvaluationRunOutcome; stop?: EvaluationStopReason };

export type RunEvaluationOptions = {
  request: EvaluationRequest;
  concurrency: number;
  /** Aborted with an `EvaluationStopReason` as its reason to stop the evaluation: runs in flight are stopped, none starts. */
  signal: AbortSignal;
  /** Runs one; never rejects (a failure is an `errored` outcome). Aborting `signal` stops it. */
  runOne: (spec: EvaluationRunSpec, signal: AbortSignal) => Promise<EvaluationRunResult>;
  /** Keeps an outcome (at its position in the order runs ended) before it is streamed. */
  keep: (outcome: EvaluationRunOutcome, position: number) => Promise<void>;
  emit: (event: EvaluationEvent) => void;
};

/** Every run of the request, run 0 of each model and variant first, A and B side by side, so a stopped evaluation is balanced. */
export function listEvaluationRuns(request: Pick<EvaluationRequest, 'runs' | 'models' | 'variants' | 'seed'>): EvaluationRunSpec[] {
  const specs: EvaluationRunSpec[] = [];
  for (let run = 0; run < request.runs; run += 1) {
    for (let model = 0; model < request.models.length; model += 1) {
      for (let variant = 0; variant < request.variants.length; variant += 1) specs.push({ variant, model, run, seed: evaluationRunSeed(request, run) });
    }
  }
  return specs;
}

/**
 * Runs every run of the request with at most `concurrency` in flight, emitting `run-end` as each
 * ends and `evaluation-end` last; answers how the evaluation ended. The caller emits
 * `evaluation-start` (it knows the stored id).
 */
export async function runEvaluation(options: RunEvaluationOptions): Promise<EvaluationState> {
  const specs = listEvaluationRuns(options.request);
  const totalRuns = specs.length;
  let next = 0;
  let finished = 0;
  let stop: EvaluationStopReason | undefined;
  const stopper = new AbortController();
  const stopWith = (reason: EvaluationStopReason) => {
    stop ??= reason;
    stopper.abort(reason);
  };
  const onAbort = () => stopWith(readStopReason(options.signal.reason));
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });

  const lane = async () => {
    while (!stopper.signal.aborted && next < specs.length) {
      const spec = specs[next]!;
      next += 1;
      const result = await options.runOne(spec, stopper.signal);
      const position = finished;
      finished += 1;
      await options.keep(result.outcome, position);
      // Kept outcomes may be written together: each run's event counts the runs up to its own.
      options.emit({ type: 'run-end', outcome: result.outcome, finished: position + 1, totalRuns });
      if (result.stop) stopWith(result.stop);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, specs.length)) }, lane));
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
  const state: EvaluationState = stop === undefined ? { status: 'finished' } : { status: 'stopped', reason: stop };
  options.emit(state.status === 'finished' ? { type: 'evaluation-end', status: 'finished', finished, totalRuns } : { type: 'evaluation-end', status: 'stopped', reason: state.reason, finished, totalRuns });
  return state;
}

function readStopReason(reason: unknown): EvaluationStopReason {
  return reason === 'wall-time' || reason === 'storage-quota' ? reason : 'stopped';
}
