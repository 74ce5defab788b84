import { err, ok, type Result } from '@/lib/runtime';
import { describeErrorBody, type ApiError } from './api-client';

/**
 * `GET /api/sessions/{id}/export?format=otlp`: the session as an OTLP JSON trace, with the file name
 * the server gave it, ready to save.
 */
export async function fetchSessionTrace(sessionId: string): Promise<Result<{ fileName: string; text: string }, ApiError>> {
  let response: Response;
  try {
    response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/export?format=otlp`);
  } catch (error) {
    return err({ code: 'network', message: `Could not reach the server: ${error instanceof Error ? error.message : String(error)}` });
  }
  const text = await response.text().catch((error: unknown) => String(error));
  if (!response.ok) return err({ code: 'http', status: response.status, message: describeErrorBody(text, response.statusText) });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return ok({ fileName: named?.[1] ?? `trace-${sessionId}.otlp.json`, text });
}

/** Something of a trace that did not carry over, or carried over changed: where, and why. */
export type ImportedTraceNote = { where: string; reason: string };

/** What `POST /api/traces/import` answers: the new session, the format the trace was read as, and the notes. */
export type ImportedTrace = { id: string; url: string; format: string; notes: ImportedTraceNote[] };

/** `POST /api/traces/import`: the trace's text as it is, stored as a new session. Text that is not JSON never leaves the browser. */
export async function importTraceText(text: string): Promise<Result<ImportedTrace, ApiError>> {
  try {
    JSON.parse(text);
  } catch (error) {
    return err({ code: 'http', status: 400, message: `The trace is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  let response: Response;
  try {
    response = await fetch('/api/traces/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  } catch (error) {
    return err({ code: 'network', message: `Could not reach the server: ${error instanceof Error ? error.message : String(error)}` });
  }
  const body = await response.text().catch((error: unknown) => String(error));
  if (!response.ok) return err({ code: 'http', status: response.status, message: describeErrorBody(body, response.statusText) });
  return readImportedTrace(body);
}

function readImportedTrace(body: string): Result<ImportedTrace, ApiError> {
  let value: Partial<ImportedTrace> | null;
  try {
    value = JSON.parse(body) as Partial<ImportedTrace> | null;
  } catch (error) {
    return err({ code: 'malformed-response', message: `The server answered with invalid JSON: ${String(error)}` });
  }
  if (typeof value?.id !== 'string' || typeof value.url !== 'string' || typeof value.format !== 'string' || !Array.isArray(value.notes)) {
    return err({ code: 'malformed-response', message: 'The server answered without a session id, url, format and notes.' });
  }
  return ok({ id: value.id, url: value.url, format: value.format, notes: value.notes });
}
