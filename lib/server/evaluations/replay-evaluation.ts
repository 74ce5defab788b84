// Server-only: POST /api/evaluations/{id}/replay — every stored run re-run on its tape (no model called) and compared.
import { compareEvaluationRun } from '@/lib/assertions';
import { evaluationRunOutcomeSchema, type EvaluationReplayReport, type EvaluationRunReplay } from '@/lib/contract';
import { replayStoredSession } from '@/lib/replay/server';
import { err, ok, type Result, type RuntimeEvent } from '@/lib/runtime';
import { createPooledReplayOpener, getSandboxPool } from '@/lib/sandbox/pool';
import type { SessionStore } from '@/lib/sessions/store';
import type { TapedTurn } from '@/lib/replay';
import { runTurnOnTape } from '../replay';
import { listReplayableRuns, type ReplayableRun } from './list-replayable-runs';

/** Runs replayed at once: each holds one of the visitor's turn slots while its turn runs. */
const REPLAY_CONCURRENCY = 2;
/** How long a replayed run refused a turn slot waits before it asks again, and how often it asks. */
const RETRY_MS = 250;
const RETRIES = 240;

export type EvaluationReplayError = { status: number; error: string };

/**
 * Replays each stored run of evaluation `id` the way a session's Replay does (its turn on its tape
 * through the live turn path, its assertions checked on the replayed events), two at a time.
 * A run whose replay could not run counts as not identical, with the reason as its only assertion.
 */
export async function replayEvaluation(id: string, options: { store: SessionStore; clientId: string }): Promise<Result<EvaluationReplayReport, EvaluationReplayError>> {
  const rows = await options.store.evaluations.listEvaluationSessions(id);
  if (!rows) return err({ status: 404, error: `No evaluation ${id}.` });
  const stored = listReplayableRuns(rows);
  const openReplay = createPooledReplayOpener(getSandboxPool());
  const runs: EvaluationRunReplay[] = new Array(stored.length);
  let next = 0;
  const lane = async () => {
    while (next < stored.length) {
      const index = next;
      next += 1;
      runs[index] = await replayRun(stored[index]!, { store: options.store, openReplay, clientId: options.clientId });
    }
  };
  await Promise.all(Array.from({ length: REPLAY_CONCURRENCY }, lane));
  return ok({ identical: runs.every((run) => run.identical), runs, skipped: rows.length - stored.length });
}

/** One stored run replayed as its session is, its outcome read from the replayed events and compared with the stored one. */
async function replayRun(
  row: ReplayableRun,
  options: { store: SessionStore; openReplay: ReturnType<typeof createPooledReplayOpener>; clientId: string },
): Promise<EvaluationRunReplay> {
  const base = { variant: row.variant, model: row.model, run: row.run, sessionId: row.sessionId };
  let replayedEvents: RuntimeEvent[] = [];
  const runOnTape = async (turn: TapedTurn) => {
    const result = await runTurnOnTapeWhenFree(turn, options.clientId);
    if (result.ok) replayedEvents = result.value;
    return result;
  };
  const report = await replayStoredSession(row.sessionId, { store: options.store, openReplay: options.openReplay, runTurnOnTape: runOnTape });
  if (!report.ok) {
    const message = `The run could not be replayed: ${report.error.message}`;
    return { ...base, identical: false, changed: [message], differences: 0, assertions: [{ pass: false, message }] };
  }
  const assertions = (report.value.assertions ?? []).map(({ pass, message }) => ({ pass, message }));
  // Written by this server after the same schema's check; read again so a damaged row is a difference, not a crash.
  const outcome = evaluationRunOutcomeSchema.safeParse(JSON.parse(row.outcomeText));
  const changed = outcome.success ? compareEvaluationRun(outcome.data, replayedEvents, assertions) : ['the stored outcome (unreadable)'];
  return { ...base, identical: changed.length === 0, changed, differences: report.value.differences.length, assertions };
}

/** A replayed turn takes a turn slot like any: while the visitor's are all taken (an evaluation running), it asks again. */
async function runTurnOnTapeWhenFree(turn: TapedTurn, clientId: string): Promise<Result<RuntimeEvent[], string>> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await runTurnOnTape(turn, clientId);
    const busy = !result.ok && /^The replay could not start \((429|503)\)/.test(result.error);
    if (!busy || attempt >= RETRIES) return result;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
