// Server-only: one run of an evaluation as a turn of the visitor's (admitted like theirs), stored as a session.
import { summarizeEvaluationRun } from '@/lib/assertions';
import { type EvaluationRequest, type EvaluationRunErrorCode, type EvaluationRunOutcome, type FinishedTurn, type RequestModelConfig, type TurnRequest } from '@/lib/contract';
import type { ModelEnvironment } from '@/lib/models/server';
import { assertNever, type RuntimeEvent } from '@/lib/runtime';
import type { StreamTurnOptions, StreamTurnResult } from '../turns';
import type { EvaluationRunResult, EvaluationRunSpec } from './run-evaluation';

/** How long a run refused for want of a free turn slot waits before it asks again. */
const RETRY_MS = 250;

export type EvaluationTurnDependencies = {
  request: EvaluationRequest;
  clientId: string;
  env: ModelEnvironment;
  /** Starts a turn the way `POST /api/turns` does (admission included): `streamTurn`. */
  startTurn: (options: StreamTurnOptions) => Promise<StreamTurnResult>;
  /** Keeps the finished turn and stores it as a one-turn session: its id, or why it was not stored. */
  storeRun: (turn: FinishedTurn, spec: EvaluationRunSpec) => Promise<{ ok: true; sessionId: string } | { ok: false; quota: boolean; message: string }>;
  now?: () => number;
};

/** The turn request of one run: the evaluation's turn with the variant's module and the model, both seeded for this run. */
export function buildEvaluationTurnRequest(request: EvaluationRequest, spec: EvaluationRunSpec): TurnRequest {
  return { ...request.turn, source: request.variants[spec.variant]!.source, model: seedModel(request.models[spec.model]!, spec.seed), seed: spec.seed };
}

/** The embedded auto model draws from the run's seed; other models run as configured. */
function seedModel(model: RequestModelConfig, seed: number): RequestModelConfig {
  return model.provider === 'auto' ? { ...model, seed } : model;
}

/** Runs one evaluation run to its end; never rejects. */
export function createEvaluationTurnRunner(dependencies: EvaluationTurnDependencies): (spec: EvaluationRunSpec, signal: AbortSignal) => Promise<EvaluationRunResult> {
  const now = dependencies.now ?? (() => performance.now());
  const approved = dependencies.request.approvals !== 'deny';
  const standingApproval = { approved, reason: approved ? 'approved by the evaluation' : 'denied by the evaluation' };
  return async (spec, signal) => {
    const startedAt = now();
    let finished: FinishedTurn | undefined;
    const started = await startWhenFree(() =>
      dependencies.startTurn({
        request: buildEvaluationTurnRequest(dependencies.request, spec),
        clientId: dependencies.clientId,
        env: dependencies.env,
        standingApproval,
        onFinished: (turn) => {
          finished = turn;
        },
      }), signal);
    if (!started.ok) return { outcome: erroredOutcome(dependencies.request, spec, { code: signal.aborted ? 'stopped' : 'refused', message: started.error }) };
    // A cancelled feed never closes its reader (it has gone away), so Stop ends the wait itself; the turn winds down and frees its slot.
    const stopped = await new Promise<boolean>((resolve) => {
      const cancel = () => {
        started.events.cancel('the evaluation was stopped');
        resolve(true);
      };
      if (signal.aborted) return cancel();
      signal.addEventListener('abort', cancel, { once: true });
      started.events.attach({
        write: () => undefined,
        close: () => {
          signal.removeEventListener('abort', cancel);
          resolve(false);
        },
      });
    });
    const latencyMs = Math.max(0, now() - startedAt);
    if (stopped) return { outcome: erroredOutcome(dependencies.request, spec, { code: 'stopped', message: 'The evaluation was stopped while this run was going.' }, latencyMs) };
    if (!finished) return { outcome: erroredOutcome(dependencies.request, spec, { code: 'turn-error', message: 'The run ended without a record of its turn.' }, latencyMs) };
    const stored = await dependencies.storeRun(finished, spec);
    const base = { ...describeRun(dependencies.request, spec, finished.events), latencyMs, sessionId: stored.ok ? stored.sessionId : null };
    if (!stored.ok) return { outcome: { ...base, status: 'errored', error: { code: 'not-stored', message: stored.message } }, ...(stored.quota ? { stop: 'storage-quota' as const } : {}) };
    return { outcome: endOutcome(base, finished) };
  };
}

/** Starts a turn, asking again while the visitor's (or the server's) turn slots are all taken, until it starts or `signal` stops it. */
async function startWhenFree(start: () => Promise<StreamTurnResult>, signal: AbortSignal): Promise<StreamTurnResult> {
  for (;;) {
    const started = await start();
    if (started.ok || (started.status !== 429 && started.status !== 503) || signal.aborted) return started;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, RETRY_MS);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
    if (signal.aborted) return { ok: false, status: 499, error: 'Stopped before the run could start.' };
  }
}

type RunBase = Omit<Extract<EvaluationRunOutcome, { status: 'completed' }>, 'status' | 'ending'>;

function describeRun(request: EvaluationRequest, spec: EvaluationRunSpec, events: readonly RuntimeEvent[]): Omit<RunBase, 'latencyMs' | 'sessionId'> {
  return { variant: spec.variant, model: spec.model, run: spec.run, seed: spec.seed, ...summarizeEvaluationRun(request.assertions, events) };
}

function endOutcome(base: RunBase, turn: FinishedTurn): EvaluationRunOutcome {
  const ending = turn.outcome;
  switch (ending.reason) {
    case 'completed':
    case 'tool-ended':
    case 'max-iterations':
      return { ...base, status: 'completed', ending: ending.reason };
    case 'aborted':
      return { ...base, status: 'errored', error: { code: 'stopped', message: 'The run was stopped before its turn ended.' } };
    case 'error': {
      const moduleError = turn.events.find((event) => event.type === 'sandbox-error');
      return { ...base, status: 'errored', error: { code: moduleError ? 'module-error' : 'turn-error', message: moduleError?.type === 'sandbox-error' ? moduleError.message : ending.error } };
    }
    default:
      return assertNever(ending);
  }
}

function erroredOutcome(request: EvaluationRequest, spec: EvaluationRunSpec, error: { code: EvaluationRunErrorCode; message: string }, latencyMs = 0): EvaluationRunOutcome {
  return {
    ...describeRun(request, spec, []),
    assertions: request.assertions.map(() => ({ pass: false, message: `The run did not take place: ${error.message}` })),
    latencyMs,
    sessionId: null,
    status: 'errored',
    error,
  };
}
