// Server-only: the HTTP side of POST /api/evaluations, GET /api/evaluations/{id} and its replay.
import type { EvaluationRequest } from '@/lib/contract';
import type { BodyResult } from '@/lib/contract';
import { getSandboxPool } from '@/lib/sandbox/pool';
import { BODY_LIMITS, jsonError, readScannedBodyText } from '../http';
import { getSessionStore } from '../sessions';
import { exportEvaluation, type EvaluationExportFormat } from './export-evaluation';
import { replayEvaluation } from './replay-evaluation';
import { startEvaluation } from './start-evaluation';

/** An evaluation's body holds assertions (schemas to check, patterns to compile): always validated in a sandbox worker. */
const PARSE_TIMEOUT_MS = 15_000;

/** Evaluation ids are session ids: base64url. */
const EVALUATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function readEvaluationBody(request: Request): Promise<BodyResult<EvaluationRequest>> {
  const text = await readScannedBodyText(request, BODY_LIMITS.evaluation);
  if (!text.ok) return text;
  const answer = await getSandboxPool().run<'parse-body'>({ kind: 'parse-body', name: 'evaluation', text: text.value }, { timeoutMs: PARSE_TIMEOUT_MS });
  if (!answer.ok) return { ok: false, status: 503, error: `The server could not read this request now (${answer.error.message}); try again in a few seconds.` };
  return answer.value as BodyResult<EvaluationRequest>;
}

/** `POST /api/evaluations` once its rate limit is spent: the body in a worker, then the run's events as SSE (`x-evaluation-id` names it). */
export async function serveEvaluationRequest(request: Request, address: string): Promise<Response> {
  const body = await readEvaluationBody(request);
  if (!body.ok) return jsonError(body.status, body.error);
  const started = await startEvaluation(body.value, address, request);
  if (!started.ok) return jsonError(started.error.status, started.error.error);
  return new Response(started.value.body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-evaluation-id': started.value.evaluationId },
  });
}

/** `GET /api/evaluations/{id}`: the stored record (`EvaluationRecord`) as it is stored, unparsed. */
export async function serveEvaluationRead(id: string): Promise<Response> {
  if (!EVALUATION_ID.test(id)) return jsonError(404, `No evaluation ${id.slice(0, 64)}.`);
  try {
    const read = await (await getSessionStore()).evaluations.readEvaluation(id);
    if (read.kind === 'missing') return jsonError(404, `No evaluation ${id}.`);
    return new Response(read.body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  } catch (error) {
    return jsonError(503, `The evaluation database is unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}


/** `POST /api/evaluations/{id}/replay` once its rate limit is spent: `EvaluationReplayReport`. */
export async function serveEvaluationReplay(id: string, address: string): Promise<Response> {
  if (!EVALUATION_ID.test(id)) return jsonError(404, `No evaluation ${id.slice(0, 64)}.`);
  try {
    const report = await replayEvaluation(id, { store: await getSessionStore(), clientId: address });
    return report.ok ? Response.json(report.value) : jsonError(report.error.status, report.error.error);
  } catch (error) {
    return jsonError(503, `The evaluation database is unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `GET /api/evaluations/{id}/export?format=vitest|promptfoo`: the file, as an attachment. */
export async function serveEvaluationExport(id: string, format: string | null): Promise<Response> {
  if (format !== 'vitest' && format !== 'promptfoo') return jsonError(400, 'format must be vitest or promptfoo.');
  if (!EVALUATION_ID.test(id)) return jsonError(404, `No evaluation ${id.slice(0, 64)}.`);
  try {
    const exported = await exportEvaluation(id, format satisfies EvaluationExportFormat, await getSessionStore());
    if (!exported.ok) return jsonError(exported.error.status, exported.error.error);
    return new Response(exported.value.text, {
      headers: { 'content-type': exported.value.contentType, 'content-disposition': `attachment; filename="${exported.value.fileName}"` },
    });
  } catch (error) {
    return jsonError(503, `The evaluation database is unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
}
