import { EVALUATION_LIMITS, evaluationStopReasonSchema, type EvaluationState } from '@/lib/contract';
import type { SqlClient } from './sql-client';

/** A new evaluation as it is stored: its request already checked and serialized (API keys removed). */
export type NewEvaluationRow = { id: string; createdAt: number; owner?: string; totalRuns: number; requestText: string };

/** What reading a stored evaluation found: the record as JSON text (`EvaluationRecord`), assembled without parsing. */
export type EvaluationRead = { kind: 'found'; body: string } | { kind: 'missing' };

/** The evaluations' rows beside the sessions they point to. Infrastructure failures are thrown. */
export type EvaluationRows = {
  createEvaluation(row: NewEvaluationRow): Promise<void>;
  /** Appends runs' outcomes (checked JSON text) at their `position` (0-based, in the order runs ended), in one statement. */
  addEvaluationRuns(id: string, runs: readonly { position: number; outcomeText: string }[]): Promise<void>;
  endEvaluation(id: string, state: Exclude<EvaluationState, { status: 'running' }>): Promise<void>;
  readEvaluation(id: string): Promise<EvaluationRead>;
  /** What an export names from the request, read by the database without the modules: its title, assertions and models as JSON text, the variants' labels. */
  readEvaluationSummary(id: string): Promise<EvaluationSummaryRow | undefined>;
  /** The variants' module sources, in request order, for an export that needs their tools. */
  readEvaluationModules(id: string): Promise<string[] | undefined>;
  /** The request's turn messages and instructions (not its modules), for an export. */
  readEvaluationTurn(id: string): Promise<{ messages: { role: 'user' | 'assistant'; content: string }[]; instructions?: string } | undefined>;
  /** Which run each stored outcome is and its session (null when it was not stored), in the order runs ended; `undefined` for an unknown evaluation. */
  listEvaluationSessions(id: string): Promise<EvaluationSessionRow[] | undefined>;
};

/** The parts of a stored request an export needs (JSON texts, unparsed). */
export type EvaluationSummaryRow = { title: string | null; assertionsText: string; modelsText: string; labels: string[] };

/** One stored run, as Replay needs it: which run, its session, and its outcome as stored (JSON text). */
export type EvaluationSessionRow = { variant: number; model: number; run: number; sessionId: string | null; outcomeText: string };

/** Past this, a `running` evaluation belongs to a process that is gone: it reads as stopped by its wall time. */
const ABANDONED_AFTER_MS = EVALUATION_LIMITS.wallMs + 60_000;

type EvaluationRow = { created_at: string | number; status: string; stop_reason: string | null; total_runs: number; request: string; viewed_at: string | number };

/** Evaluation rows on the session database; evaluations unopened past `retentionMs` are swept with each new one. */
export function createEvaluationRows(client: SqlClient, options: { now: () => number; retentionMs: number }): EvaluationRows {
  const { now } = options;
  return {
    async createEvaluation(row) {
      await client.query('DELETE FROM evaluations WHERE viewed_at < $1', [now() - options.retentionMs]);
      await client.query(
        `INSERT INTO evaluations (id, created_at, owner, status, stop_reason, total_runs, request, viewed_at) VALUES ($1, $2, $3, 'running', NULL, $4, $5, $2)`,
        [row.id, row.createdAt, row.owner ?? null, row.totalRuns, row.requestText],
      );
    },
    async addEvaluationRuns(id, runs) {
      if (runs.length === 0) return;
      const rows = runs.map((_run, index) => `($1, $${index * 2 + 2}, $${index * 2 + 3})`).join(', ');
      await client.query(`INSERT INTO evaluation_runs (evaluation_id, position, outcome) VALUES ${rows}`, [id, ...runs.flatMap((run) => [run.position, run.outcomeText])]);
    },
    async endEvaluation(id, state) {
      await client.query('UPDATE evaluations SET status = $2, stop_reason = $3 WHERE id = $1', [id, state.status, state.status === 'stopped' ? state.reason : null]);
    },
    listEvaluationSessions: (id) => listSessions(client, id),
    async readEvaluationTurn(id) {
      const rows = await client.query<{ messages: string; instructions: string | null }>(
        `SELECT (request::json->'turn'->'messages')::text AS messages, request::json->'turn'->>'instructions' AS instructions FROM evaluations WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      // Stored by this server after the request schema's check.
      const messages = JSON.parse(row.messages) as { role: 'user' | 'assistant'; content: string }[];
      return row.instructions === null ? { messages } : { messages, instructions: row.instructions };
    },
    async readEvaluationModules(id) {
      const rows = await client.query<{ sources: string | null }>(
        `SELECT (SELECT json_agg(variant->>'source') FROM json_array_elements(request::json->'variants') AS variant)::text AS sources FROM evaluations WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      return row ? (JSON.parse(row.sources ?? '[]') as string[]) : undefined;
    },
    async readEvaluationSummary(id) {
      const rows = await client.query<{ title: string | null; assertions: string; models: string; labels: string }>(
        `SELECT request::json->>'title' AS title, (request::json->'assertions')::text AS assertions, (request::json->'models')::text AS models,
                (SELECT json_agg(variant->>'label') FROM json_array_elements(request::json->'variants') AS variant)::text AS labels
           FROM evaluations WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { title: row.title, assertionsText: row.assertions, modelsText: row.models, labels: JSON.parse(row.labels) as string[] };
    },
    async readEvaluation(id) {
      const rows = await client.query<EvaluationRow>('SELECT created_at, status, stop_reason, total_runs, request, viewed_at FROM evaluations WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return { kind: 'missing' };
      const runs = await client.query<{ outcome: string }>('SELECT outcome FROM evaluation_runs WHERE evaluation_id = $1 ORDER BY position', [id]);
      await client.query('UPDATE evaluations SET viewed_at = $2 WHERE id = $1', [id, now()]);
      const createdAt = Number(row.created_at);
      const state = readState(row, now() - createdAt > ABANDONED_AFTER_MS);
      const head = JSON.stringify({ id, createdAt: new Date(createdAt).toISOString(), ...state, totalRuns: row.total_runs });
      return { kind: 'found', body: `${head.slice(0, -1)},"request":${row.request},"outcomes":[${runs.map((run) => run.outcome).join(',')}]}` };
    },
  };
}

async function listSessions(client: SqlClient, id: string): Promise<EvaluationSessionRow[] | undefined> {
  const found = await client.query('SELECT 1 AS found FROM evaluations WHERE id = $1', [id]);
  if (found.length === 0) return undefined;
  // Which run and session are read by the database; an outcome's text is parsed only when its replay is compared with it.
  const rows = await client.query<{ variant: string | number; model: string | number; run: string | number; session_id: string | null; outcome: string }>(
    `SELECT outcome::json->>'variant' AS variant, outcome::json->>'model' AS model, outcome::json->>'run' AS run, outcome::json->>'sessionId' AS session_id, outcome
       FROM evaluation_runs WHERE evaluation_id = $1 ORDER BY position`,
    [id],
  );
  return rows.map((row) => ({ variant: Number(row.variant), model: Number(row.model), run: Number(row.run), sessionId: row.session_id, outcomeText: row.outcome }));
}

function readState(row: EvaluationRow, abandoned: boolean): EvaluationState {
  if (row.status === 'finished') return { status: 'finished' };
  if (row.status === 'stopped') {
    const reason = evaluationStopReasonSchema.safeParse(row.stop_reason);
    return { status: 'stopped', reason: reason.success ? reason.data : 'stopped' };
  }
  return abandoned ? { status: 'stopped', reason: 'wall-time' } : { status: 'running' };
}
