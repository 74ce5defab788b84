import type { EvaluationEvent, EvaluationRecord, EvaluationRunOutcome, EvaluationStopReason } from '@/lib/contract';
import { formatRunId, planEvaluation, readRunFacts, type EvaluationPlan, type RunFacts } from '@/lib/evaluation';

/** One finished run as the page keeps it: the facts the statistics read, and the session it opens as. */
export type EvaluatedRun = { facts: RunFacts; sessionId: string | null };

/** A run stopped before its turn ended, kept as a session of what it did until then; not counted. */
export type StoppedRun = { runId: string; model: string; variant: string; run: number; sessionId: string };

/** Where an evaluation is, as the page shows it. */
export type EvaluationPhase = 'idle' | 'running' | 'stopping' | 'stopped' | 'finished' | 'failed';

export type EvaluationRunState = {
  phase: EvaluationPhase;
  /** Known once the server accepted the evaluation: Share links `/e/<id>`. */
  evaluationId: string | null;
  totalRuns: number;
  /** Runs ended so far, counted or not. */
  finished: number;
  /** Runs that ran to an end, in the order they ended: what the statistics count. */
  runs: EvaluatedRun[];
  /** Runs that ended without running to an end (stopped, or refused for capacity): not counted. */
  uncounted: number;
  /** The uncounted runs stopped mid-turn whose partial turn was kept: each opens as a session that ends stopped. */
  stopped: StoppedRun[];
  /** The labels of its assertions, models and variants, as the results name them. */
  plan: EvaluationPlan;
  stopReason: EvaluationStopReason | null;
  error: string | null;
};

export type EvaluationRunAction =
  | { type: 'evaluation-requested'; plan: EvaluationPlan; totalRuns: number }
  | { type: 'evaluation-event'; event: EvaluationEvent }
  /** Events that arrived together (a batch per frame while runs stream in): one new state, one render. */
  | { type: 'evaluation-events'; events: readonly EvaluationEvent[] }
  | { type: 'evaluation-stopping' }
  /** The stream closed: after `evaluation-end`, or because the page stopped it. */
  | { type: 'evaluation-closed' }
  | { type: 'evaluation-failed'; message: string }
  /** The stored record of the evaluation after the page stopped it: its runs stopped mid-turn included. */
  | { type: 'evaluation-record'; record: EvaluationRecord };

export const IDLE_EVALUATION: EvaluationRunState = {
  phase: 'idle',
  evaluationId: null,
  totalRuns: 0,
  finished: 0,
  runs: [],
  uncounted: 0,
  stopped: [],
  plan: { assertionLabels: [], models: [], variants: [] },
  stopReason: null,
  error: null,
};

export function reduceEvaluationRun(state: EvaluationRunState, action: EvaluationRunAction): EvaluationRunState {
  switch (action.type) {
    case 'evaluation-requested':
      return { ...IDLE_EVALUATION, phase: 'running', plan: action.plan, totalRuns: action.totalRuns };
    case 'evaluation-event':
      return applyEvaluationEvent(state, action.event);
    case 'evaluation-events':
      return action.events.reduce(applyEvaluationEvent, state);
    case 'evaluation-stopping':
      return state.phase === 'running' ? { ...state, phase: 'stopping' } : state;
    case 'evaluation-closed':
      return isEvaluationActive(state) ? { ...state, phase: 'stopped', stopReason: state.stopReason ?? 'stopped' } : state;
    case 'evaluation-failed':
      return { ...state, phase: 'failed', error: action.message };
    case 'evaluation-record':
      return action.record.id === state.evaluationId && !isEvaluationActive(state) ? readEvaluationRecord(action.record) : state;
  }
}

function applyEvaluationEvent(state: EvaluationRunState, event: EvaluationEvent): EvaluationRunState {
  switch (event.type) {
    case 'evaluation-start':
      return { ...state, evaluationId: event.evaluationId, totalRuns: event.totalRuns };
    case 'run-end':
      return { ...keepOutcome(state, event.outcome), finished: event.finished, totalRuns: event.totalRuns };
    case 'evaluation-end':
      return { ...state, finished: event.finished, phase: event.status === 'finished' ? 'finished' : 'stopped', stopReason: event.status === 'stopped' ? event.reason : null };
  }
}

/** A run counted when it ran to an end; a run already kept (read twice) is not counted again. */
function keepOutcome(state: EvaluationRunState, outcome: EvaluationRunOutcome): EvaluationRunState {
  const facts = readRunFacts(outcome, state.plan);
  if (!facts) return { ...state, uncounted: state.uncounted + 1, stopped: keepStopped(state, outcome) };
  if (state.runs.some((run) => run.facts.runId === facts.runId)) return state;
  return { ...state, runs: [...state.runs, { facts, sessionId: outcome.sessionId }] };
}

function keepStopped(state: EvaluationRunState, outcome: EvaluationRunOutcome): StoppedRun[] {
  if (outcome.status !== 'errored' || outcome.error.code !== 'stopped' || outcome.sessionId === null) return state.stopped;
  const runId = formatRunId(outcome);
  if (state.stopped.some((run) => run.runId === runId)) return state.stopped;
  const model = state.plan.models[outcome.model] ?? `model ${outcome.model + 1}`;
  const variant = state.plan.variants[outcome.variant] ?? `variant ${outcome.variant + 1}`;
  return [...state.stopped, { runId, model, variant, run: outcome.run, sessionId: outcome.sessionId }];
}

/** A stored evaluation as the page shows it: every outcome so far, in the order the runs ended. */
export function readEvaluationRecord(record: EvaluationRecord): EvaluationRunState {
  const start: EvaluationRunState = {
    ...IDLE_EVALUATION,
    phase: record.status === 'running' ? 'running' : record.status,
    evaluationId: record.id,
    totalRuns: record.totalRuns,
    finished: record.outcomes.length,
    plan: planEvaluation(record.request),
    stopReason: record.status === 'stopped' ? record.reason : null,
  };
  return record.outcomes.reduce(keepOutcome, start);
}

export function isEvaluationActive(state: Pick<EvaluationRunState, 'phase'>): boolean {
  return state.phase === 'running' || state.phase === 'stopping';
}
