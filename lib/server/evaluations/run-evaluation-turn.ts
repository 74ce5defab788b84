// Server-only: one run of an evaluation as a turn of the visitor's (admitted like theirs), stored as a session.
import { summarizeEvaluationRun } from '@/lib/assertions';
import { type EvaluationRequest, type EvaluationRunErrorCode, type EvaluationRunOutcome, type FinishedTurn, type RequestModelConfig, type TurnRequest } from '@/lib/contract';
import type { ModelEnvironment } from '@/lib/models/server';
import { assertNever, type RuntimeEvent } from '@/lib/runtime';
import type { StreamTurnOptions, StreamTurnResult, TurnEventFeed } from '../turns';
import type { EvaluationRunResult, EvaluationRunSpec } from './run-evaluation';

/** How long a run refused for want of a free turn slot waits before it asks again. */
const RETRY_MS = 250;

/** How long a stopped run's turn may take to wind down and be kept before it is let go unkept. */
export const STOP_GRACE_MS = 5_000;

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
    const reading = await readTurnToEnd(started.events, signal);
    const latencyMs = Math.max(0, now() - startedAt);
    if (reading === 'abandoned') return { outcome: erroredOutcome(dependencies.request, spec, { code: 'stopped', message: `${describeStop(signal)} while this run was going, and its turn did not wind down in time to be kept.` }, latencyMs) };
    if (!finished) return { outcome: erroredOutcome(dependencies.request, spec, { code: 'turn-error', message: 'The run ended without a record of its turn.' }, latencyMs) };
    const stored = await dependencies.storeRun(finished, spec);
    const base = { ...describeRun(dependencies.request, spec, finished.events), latencyMs, sessionId: stored.ok ? stored.sessionId : null };
    if (!stored.ok) return { outcome: { ...base, status: 'errored', error: { code: 'not-stored', message: stored.message } }, ...(stored.quota ? { stop: 'storage-quota' as const } : {}) };
    return { outcome: endOutcome(base, finished, signal) };
  };
}

/**
 * Reads a started turn's feed until it closes: `ended` when it ran to its end. When `signal` stops
 * the evaluation first, the turn is stopped and still read (`stopped`), so the run keeps the events
 * and tape it produced until then; a turn that has not wound down `STOP_GRACE_MS` later is
 * cancelled and let go (`abandoned`), so Stop never waits on it longer.
 */
function readTurnToEnd(events: TurnEventFeed, signal: AbortSignal): Promise<'ended' | 'stopped' | 'abandoned'> {
  return new Promise((resolve) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      events.stop('the evaluation was stopped');
      grace = setTimeout(() => {
        // A cancelled feed never closes its reader (it has gone away), so the wait ends here.
        events.cancel('the evaluation was stopped');
        resolve('abandoned');
      }, STOP_GRACE_MS);
    };
    events.attach({
      write: () => undefined,
      close: () => {
        clearTimeout(grace);
        signal.removeEventListener('abort', stop);
        resolve(signal.aborted ? 'stopped' : 'ended');
      },
    });
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/** Who stopped the evaluation, as the start of a sentence. */
function describeStop(signal: AbortSignal): string {
  return signal.reason === 'wall-time' ? 'The evaluation reached its time limit' : signal.reason === 'storage-quota' ? 'The evaluation stopped when the storage quota was spent' : 'The evaluation was stopped';
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

function endOutcome(base: RunBase, turn: FinishedTurn, signal: AbortSignal): EvaluationRunOutcome {
  const ending = turn.outcome;
  switch (ending.reason) {
    case 'completed':
    case 'tool-ended':
    case 'max-iterations':
      return { ...base, status: 'completed', ending: ending.reason };
    case 'aborted':
      return { ...base, status: 'errored', error: { code: 'stopped', message: `${signal.aborted ? describeStop(signal) : 'The run was stopped'} before its turn ended; the session keeps what it did until then.` } };
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
