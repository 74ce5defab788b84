import { type Result, err, ok, type RuntimeEvent } from '@/lib/runtime';
import type { ElicitationAnswerRequest } from '@/lib/contract';
import type { ProviderCheckAnswer, ProviderCheckRequest } from '@/lib/models';
import type { TurnRequest } from '@/lib/client/build-turn-request';
import type { CompileResponse, ToolDetailsResponse } from '@/lib/client/compile';
import { createSseParser } from './sse-parser';
import { rememberTurnControl, turnControlHeaders } from './turn-control-tokens';

/** Why a call to the playground API produced nothing usable. */
export type ApiError = {
  code: 'aborted' | 'network' | 'http' | 'malformed-response' | 'stream-incomplete';
  message: string;
  status?: number;
};

export async function compileTools(source: string, signal: AbortSignal): Promise<Result<CompileResponse, ApiError>> {
  const response = await sendJson('/api/tools/compile', { source }, signal);
  if (!response.ok) return response;
  const body = await readJsonBody(response.value);
  if (!body.ok) return body;
  const value = body.value as Partial<CompileResponse> | null;
  if (!value || typeof value.moduleKey !== 'string' || !Array.isArray(value.tools) || !Array.isArray(value.diagnostics)) {
    return err({ code: 'malformed-response', message: 'The compile endpoint answered without moduleKey, tools and diagnostics.' });
  }
  return ok(value as CompileResponse);
}

/** Tools' details from a compile answer the server still holds (a 404 once it no longer does). */
export async function fetchToolDetails(moduleKey: string, indexes: readonly number[], signal?: AbortSignal): Promise<Result<ToolDetailsResponse, ApiError>> {
  const response = await sendJson('/api/tools/compile/details', { moduleKey, indexes }, signal);
  if (!response.ok) return response;
  const body = await readJsonBody(response.value);
  if (!body.ok) return body;
  const value = body.value as Partial<ToolDetailsResponse> | null;
  if (!value || !Array.isArray(value.indexes) || !Array.isArray(value.details) || value.indexes.length !== value.details.length) {
    return err({ code: 'malformed-response', message: 'The details endpoint answered without matching indexes and details.' });
  }
  return ok(value as ToolDetailsResponse);
}

/** Asks the server to try a provider's base URL and key with one cheap request. */
export async function checkProviderSettings(request: ProviderCheckRequest, signal: AbortSignal): Promise<Result<ProviderCheckAnswer, ApiError>> {
  const response = await sendJson('/api/providers/check', request, signal);
  if (!response.ok) return response;
  const body = await readJsonBody(response.value);
  if (!body.ok) return body;
  const value = body.value as Partial<ProviderCheckAnswer> | null;
  if (!value || typeof value.outcome !== 'string' || typeof value.message !== 'string') {
    return err({ code: 'malformed-response', message: 'The provider check answered without an outcome and a message.' });
  }
  return ok(value as ProviderCheckAnswer);
}

export type StreamTurnOptions = {
  signal: AbortSignal;
  onEvent: (event: RuntimeEvent) => void;
  /** An event that failed validation: reported, skipped, and the stream goes on. */
  onInvalidEvent: (message: string) => void;
};

/** Starts a turn and feeds its events to `onEvent` until `turn-end`, the end of the stream, or abort. */
export function streamTurn(request: TurnRequest, options: StreamTurnOptions): Promise<Result<void, ApiError>> {
  return streamEvents('/api/turns', request, options, 'turn');
}

/**
 * POSTs `body` to a route that answers with a stream of runtime events (a turn, a direct call)
 * and feeds them to `onEvent` until `turn-end`, the end of the stream, or abort.
 */
export async function streamEvents(url: string, body: unknown, options: StreamTurnOptions, what: 'turn' | 'call'): Promise<Result<void, ApiError>> {
  // The event union's schema (Zod) loads with the first stream, while its request is on the way, not with the page.
  const loadingSchema = loadRuntimeEventSchema();
  const response = await sendJson(url, body, options.signal);
  if (!response.ok) return response;
  rememberTurnControl(response.value);
  const runtimeEventSchema = await loadingSchema;
  const stream = response.value.body;
  if (!stream) return err({ code: 'malformed-response', message: `The ${what} endpoint answered without a body.` });
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  let ended = false;
  const acceptData = (data: string) => {
    const event = parseEvent(runtimeEventSchema, data);
    if (!event.ok) {
      options.onInvalidEvent(event.error);
      return;
    }
    if (event.value.type === 'turn-end') ended = true;
    options.onEvent(event.value);
  };
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      parser.push(chunk.value).forEach(acceptData);
    }
    parser.flush().forEach(acceptData);
  } catch (error) {
    return err(describeFetchFailure(error, options.signal, 'The event stream broke'));
  } finally {
    reader.releaseLock();
  }
  if (!ended) {
    return err({ code: 'stream-incomplete', message: `The event stream closed before the ${what} ended (connection dropped?).` });
  }
  return ok(undefined);
}

export async function sendApproval(
  turnId: string,
  decision: { callId: string; approved: boolean; reason?: string },
): Promise<Result<void, ApiError>> {
  const response = await sendJson(`/api/turns/${encodeURIComponent(turnId)}/approvals`, decision, undefined, turnControlHeaders(turnId));
  return response.ok ? ok(undefined) : response;
}

/** The output a person typed for a call waiting for one. */
export async function sendManualOutput(turnId: string, answer: { callId: string; output: string }): Promise<Result<void, ApiError>> {
  const response = await sendJson(`/api/turns/${encodeURIComponent(turnId)}/outputs`, answer, undefined, turnControlHeaders(turnId));
  return response.ok ? ok(undefined) : response;
}

/** A person's answer to a question an MCP server asked during a call (the form's content only with `accept`). */
export async function sendElicitationAnswer(turnId: string, answer: ElicitationAnswerRequest): Promise<Result<void, ApiError>> {
  const response = await sendJson(`/api/turns/${encodeURIComponent(turnId)}/elicitations`, answer, undefined, turnControlHeaders(turnId));
  return response.ok ? ok(undefined) : response;
}

export async function abortTurn(turnId: string): Promise<Result<void, ApiError>> {
  const response = await sendJson(`/api/turns/${encodeURIComponent(turnId)}/abort`, {}, undefined, turnControlHeaders(turnId));
  return response.ok ? ok(undefined) : response;
}

function parseJsonText(text: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}

type RuntimeEventSchema = typeof import('@/lib/runtime').runtimeEventSchema;

function loadRuntimeEventSchema(): Promise<RuntimeEventSchema> {
  return import('@/lib/runtime').then((loaded) => loaded.runtimeEventSchema);
}

function parseEvent(runtimeEventSchema: RuntimeEventSchema, data: string): Result<RuntimeEvent, string> {
  const json = parseJsonText(data);
  if (!json.ok) return err(`The server sent an event that is not JSON: ${json.error}`);
  const parsed = runtimeEventSchema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown shape';
    return err(`The server sent an event outside the protocol (${where}).`);
  }
  return ok(parsed.data);
}

export async function sendJson(url: string, body: unknown, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<Result<Response, ApiError>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    return err(describeFetchFailure(error, signal, `Could not reach ${url}`));
  }
  if (response.ok) return ok(response);
  const text = await response.text().catch((error: unknown) => String(error));
  return err({ code: 'http', status: response.status, message: `${response.status} ${describeErrorBody(text, response.statusText)}` });
}

export async function readJsonBody(response: Response): Promise<Result<unknown, ApiError>> {
  try {
    return ok((await response.json()) as unknown);
  } catch (error) {
    return err({ code: 'malformed-response', message: `The server answered with invalid JSON: ${String(error)}` });
  }
}

/** A compile diagnostic as a 422 answer carries it. */
type AnsweredDiagnostic = { message: string; line: number; column: number; severity: string };

/** `{ error, details? }` as the routes answer; a 422's diagnostics are named, so the line says what to fix. */
export function describeErrorBody(text: string, statusText: string): string {
  const parsed = parseJsonText(text);
  const body = parsed.ok ? parsed.value : null;
  // Not our JSON error shape (a proxy's HTML page, say): show the start of the raw text.
  if (typeof body !== 'object' || body === null || !('error' in body) || typeof body.error !== 'string') return text.trim().slice(0, 300) || statusText || 'Request failed.';
  const details = 'details' in body && Array.isArray(body.details) ? (body.details as AnsweredDiagnostic[]) : [];
  const errors = details.filter((diagnostic) => diagnostic?.severity === 'error' && typeof diagnostic.message === 'string');
  if (errors.length === 0) return body.error;
  const listed = errors.slice(0, 3).map((diagnostic) => `tools.ts:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`);
  return `${body.error} ${listed.join('; ')}${errors.length > 3 ? `; and ${errors.length - 3} more` : ''}`;
}

function describeFetchFailure(error: unknown, signal: AbortSignal | undefined, context: string): ApiError {
  if (signal?.aborted) return { code: 'aborted', message: 'Stopped.' };
  return { code: 'network', message: `${context}: ${error instanceof Error ? error.message : String(error)}` };
}
