// Server-only: which stored runs of an evaluation replay on their tape (Replay, the Vitest export).
import type { EvaluationSessionRow } from '@/lib/sessions/store';

/** A stored run with its session. */
export type ReplayableRun = EvaluationSessionRow & { sessionId: string };

/**
 * The runs that ran to their own end and were stored: a run with no session has nothing to replay,
 * and a run Stop caught mid-turn keeps a session of its partial turn, which a replay could only run
 * past the point it was stopped at (its tools waiting again, the model asked for what the tape lacks).
 */
export function listReplayableRuns(rows: readonly EvaluationSessionRow[]): ReplayableRun[] {
  return rows.filter((row): row is ReplayableRun => row.sessionId !== null && !isStoppedOutcome(row.outcomeText));
}

function isStoppedOutcome(outcomeText: string): boolean {
  // Written by this server after the outcome schema's check; a damaged row is left to the replay to report.
  try {
    const outcome = JSON.parse(outcomeText) as { status?: unknown; error?: { code?: unknown } };
    return outcome.status === 'errored' && outcome.error?.code === 'stopped';
  } catch {
    return false;
  }
}
