import type { Result } from '@/lib/runtime/result';
import { err, ok } from '@/lib/runtime/result';
import type { RuntimeEvent } from '@/lib/runtime/events/runtime-event';
import { runtimeEventSchema } from '@/lib/runtime/events/runtime-event';
import type { ToolCallRequest } from '@/lib/server/tool-call-request';
import type { ApiError, StreamTurnOptions } from './api-client';
import { createSseParser } from './sse-parser';

export type { ToolCallRequest };

/** A compile diagnostic as a 422 answer carries it. */
type AnsweredDiagnostic = { message: string; line: number; column: number; severity: string };

/**
 * Runs one tool call without a model (`POST /api/tools/call`) and feeds its events to `onEvent`
 * until `turn-end`. The events are a turn's: the caller learns the turn id from `turn-start` and
 * answers approvals and typed outputs through the turn routes.
 */
export async function callTool(request: ToolCallRequest, options: StreamTurnOptions): Promise<Result<void, ApiError>> {
  let response: Response;
  try {
    response = await fetch('/api/tools/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), signal: options.signal });
  } catch (error) {
    return err(describeFailure(error, options.signal, 'Could not reach /api/tools/call'));
  }
  if (!response.ok) {
    const text = await response.text().catch((error: unknown) => String(error));
    return err({ code: 'http', status: response.status, message: `${response.status} ${describeErrorBody(text, response.statusText)}` });
  }
  if (!response.body) return err({ code: 'malformed-response', message: 'The call endpoint answered without a body.' });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  let ended = false;
  const accept = (data: string) => {
    const event = parseEvent(data);
    if (!event.ok) return options.onInvalidEvent(event.error);
    if (event.value.type === 'turn-end') ended = true;
    options.onEvent(event.value);
  };
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      parser.push(chunk.value).forEach(accept);
    }
    parser.flush().forEach(accept);
  } catch (error) {
    return err(describeFailure(error, options.signal, 'The event stream broke'));
  } finally {
    reader.releaseLock();
  }
  return ended ? ok(undefined) : err({ code: 'stream-incomplete', message: 'The event stream closed before the call ended (connection dropped?).' });
}

function parseEvent(data: string): Result<RuntimeEvent, string> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return err(`The server sent an event that is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = runtimeEventSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  return err(`The server sent an event outside the protocol (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown shape'}).`);
}

/** `{ error, details? }` as the routes answer; a 422's diagnostics are named, so the line says what to fix. */
export function describeErrorBody(text: string, statusText: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim().slice(0, 300) || statusText || 'Request failed.';
  }
  if (typeof body !== 'object' || body === null || !('error' in body) || typeof body.error !== 'string') return text.trim().slice(0, 300) || statusText;
  const details = 'details' in body && Array.isArray(body.details) ? (body.details as AnsweredDiagnostic[]) : [];
  const errors = details.filter((diagnostic) => diagnostic?.severity === 'error' && typeof diagnostic.message === 'string');
  if (errors.length === 0) return body.error;
  const listed = errors.slice(0, 3).map((diagnostic) => `tools.ts:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`);
  return `${body.error} ${listed.join('; ')}${errors.length > 3 ? `; and ${errors.length - 3} more` : ''}`;
}

function describeFailure(error: unknown, signal: AbortSignal, context: string): ApiError {
  if (signal.aborted) return { code: 'aborted', message: 'Stopped.' };
  return { code: 'network', message: `${context}: ${error instanceof Error ? error.message : String(error)}` };
}
