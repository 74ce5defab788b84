// An evaluation from the page: the request the run panel builds, and its state as runs stream in or a stored one is read. Browser-only.
export { buildEvaluationRequest } from './build-evaluation-request';
export type { EvaluationDraft } from './build-evaluation-request';
export { IDLE_EVALUATION, isEvaluationActive, readEvaluationRecord, reduceEvaluationRun } from './evaluation-run-state';
export type { EvaluatedRun, EvaluationPhase, EvaluationRunAction, EvaluationRunState, StoppedRun } from './evaluation-run-state';
