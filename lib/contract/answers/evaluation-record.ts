import type { EvaluationRequest } from '../requests/evaluation-request';
import type { EvaluationRunOutcome } from './evaluation-outcome';
import type { EvaluationStopReason } from './evaluation-event';

/** Where a stored evaluation is: still running (its outcomes so far), finished, or stopped early. */
export type EvaluationState = { status: 'running' } | { status: 'finished' } | { status: 'stopped'; reason: EvaluationStopReason };

/**
 * `GET /api/evaluations/{id}`: the evaluation as stored, its request (API keys removed) and one
 * outcome per run ended so far, in the order the runs ended. `/e/<id>` shows it.
 */
export type EvaluationRecord = EvaluationState & {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  request: EvaluationRequest;
  totalRuns: number;
  outcomes: EvaluationRunOutcome[];
};

/** One run on its tape: whether the replay yields the recorded outcome and what the assertions say now. */
export type EvaluationRunReplay = {
  variant: number;
  model: number;
  run: number;
  sessionId: string;
  /**
   * The replay yields the stored outcome: the same calls in proposal order (names, argument keys,
   * statuses), repairs, rejections, denials, iterations, tokens, ending and assertion verdicts.
   */
  identical: boolean;
  /** What differs from the stored outcome, one short phrase each (empty when `identical`). */
  changed: string[];
  /**
   * Events that differ from the recording, timings aside, as a session's Replay counts them: parallel
   * calls that finish in another order count here without changing the outcome.
   */
  differences: number;
  /** The request's assertions on the replayed events. */
  assertions: { pass: boolean; message: string }[];
};

/**
 * `POST /api/evaluations/{id}/replay`: every stored run replayed on its tape (no model called).
 * `identical` when every run is; `skipped` counts runs not replayed: no stored session (errored before
 * storing), or stopped mid-turn (its session holds a partial turn).
 */
export type EvaluationReplayReport = { identical: boolean; runs: EvaluationRunReplay[]; skipped: number };

/** The share link path of an evaluation. */
export function formatEvaluationUrl(id: string): string {
  return `/e/${id}`;
}
