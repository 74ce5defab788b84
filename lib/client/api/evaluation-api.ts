import { evaluationEventSchema, type EvaluationEvent, type EvaluationRecord, type EvaluationReplayReport, type EvaluationRequestBody } from '@/lib/contract';
import { type Result, err, ok } from '@/lib/runtime';
import { type ApiError, describeErrorBody, readJsonBody, sendJson } from './api-client';
import { createSseParser } from './sse-parser';

export type StreamEvaluationOptions = {
  signal: AbortSignal;
  onEvent: (event: EvaluationEvent) => void;
};

/**
 * Starts an evaluation and feeds its events (`evaluation-start`, a `run-end` per run as it finishes,
 * `evaluation-end`) to `onEvent`. Aborting `signal` closes the stream, which stops the runs still going.
 */
export async function streamEvaluation(body: EvaluationRequestBody, options: StreamEvaluationOptions): Promise<Result<void, ApiError>> {
  const response = await sendJson('/api/evaluations', body, options.signal);
  if (!response.ok) return response;
  const stream = response.value.body;
  if (!stream) return err({ code: 'malformed-response', message: 'The evaluation endpoint answered without a body.' });
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  let ended = false;
  let invalid: string | null = null;
  const accept = (data: string) => {
    const event = parseEvaluationEvent(data);
    if (!event.ok) invalid ??= event.error;
    else {
      if (event.value.type === 'evaluation-end') ended = true;
      options.onEvent(event.value);
    }
  };
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      parser.push(chunk.value).forEach(accept);
    }
    parser.flush().forEach(accept);
  } catch (error) {
    if (options.signal.aborted) return err({ code: 'aborted', message: 'Stopped.' });
    return err({ code: 'network', message: `The evaluation's stream broke: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    reader.releaseLock();
  }
  if (invalid !== null) return err({ code: 'malformed-response', message: invalid });
  if (!ended) return err({ code: 'stream-incomplete', message: 'The evaluation stream closed before the evaluation ended (connection dropped?).' });
  return ok(undefined);
}

function parseEvaluationEvent(data: string): Result<EvaluationEvent, string> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return err(`The server sent an evaluation event that is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = evaluationEventSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  return err(`The server sent an evaluation event outside the protocol (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown shape'}).`);
}

/** `GET /api/evaluations/{id}`: the stored evaluation with the outcomes of its runs so far. */
export async function fetchEvaluation(id: string, signal?: AbortSignal): Promise<Result<EvaluationRecord, ApiError>> {
  let response: Response;
  try {
    response = await fetch(`/api/evaluations/${encodeURIComponent(id)}`, { signal });
  } catch (error) {
    return err({ code: signal?.aborted ? 'aborted' : 'network', message: `Could not read the evaluation: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!response.ok) {
    const text = await response.text().catch((error: unknown) => String(error));
    return err({ code: 'http', status: response.status, message: describeErrorBody(text, response.statusText) });
  }
  const body = await readJsonBody(response);
  if (!body.ok) return body;
  const value = body.value as Partial<EvaluationRecord> | null;
  if (!value || typeof value.id !== 'string' || !Array.isArray(value.outcomes) || typeof value.request !== 'object') {
    return err({ code: 'malformed-response', message: 'The evaluation endpoint answered without an id, a request and outcomes.' });
  }
  return ok(value as EvaluationRecord);
}

/** `POST /api/evaluations/{id}/replay`: every stored run re-checked on its tape. */
export async function replayEvaluation(id: string, signal?: AbortSignal): Promise<Result<EvaluationReplayReport, ApiError>> {
  const response = await sendJson(`/api/evaluations/${encodeURIComponent(id)}/replay`, {}, signal);
  if (!response.ok) return response;
  const body = await readJsonBody(response.value);
  if (!body.ok) return body;
  const value = body.value as Partial<EvaluationReplayReport> | null;
  if (!value || typeof value.identical !== 'boolean' || !Array.isArray(value.runs)) return err({ code: 'malformed-response', message: 'The replay answered without a verdict and runs.' });
  return ok(value as EvaluationReplayReport);
}
