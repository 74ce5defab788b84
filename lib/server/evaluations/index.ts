// Server-only: evaluations (a turn run N times across models and module variants) — running, storing, reading.
export { serveEvaluationExport, serveEvaluationRead, serveEvaluationReplay, serveEvaluationRequest } from './serve-evaluation-request';
export { EVALUATION_EXPORT_BYTES, exportEvaluation } from './export-evaluation';
export type { EvaluationExport, EvaluationExportFormat } from './export-evaluation';
export { replayEvaluation } from './replay-evaluation';
export type { EvaluationReplayError } from './replay-evaluation';
export { listEvaluationRuns, runEvaluation } from './run-evaluation';
export type { EvaluationRunResult, EvaluationRunSpec, RunEvaluationOptions } from './run-evaluation';
export { buildEvaluationTurnRequest, createEvaluationTurnRunner } from './run-evaluation-turn';
export type { EvaluationTurnDependencies } from './run-evaluation-turn';
export { startEvaluation } from './start-evaluation';
export type { EvaluationRefusal, StartedEvaluation } from './start-evaluation';
export { createEvaluationRunStore } from './store-evaluation-run';
export type { EvaluationRunStorage, StoredEvaluationRun } from './store-evaluation-run';
