// Browser-safe: the session endpoints as typed calls. Failures are values, never throws.
import { err, ok, type Result } from '@/lib/runtime';
import type { EventDifference } from '@/lib/contract';
import type { RunComparison } from '@/lib/compare';
import type { SessionAssertion } from '@/lib/assertions';
import type { AssertionVerdict } from '@/lib/assertions';
import { compactSessionRecord } from './compact-session-record';
import { readCheckedSessionRecord } from './read-checked-session';
import type { SessionPlayground, SessionRecord } from './session-record';
import type { ModelConfig } from '@/lib/contract';

/** Why a session call failed; `status` is the HTTP status when the server answered (404, 413, ...). */
export type SessionApiError = { code: 'network' | 'http' | 'malformed-response'; message: string; status?: number };


export type SessionLinkResponse = { id: string; url: string };
export type ReplayResponse = {
  identical: boolean;
  differences: EventDifference[];
  /** Per turn; `stopped` when the recorded turn was stopped while it ran, so Replay did not run it again. */
  turns: { turn: number; identical: boolean; differences: number; stopped?: true }[];
  /** When it differs: the recording (A) and the replay (B) lined up step by step. */
  comparison?: RunComparison;
  /** The session's assertions checked on the replayed events. */
  assertions?: AssertionVerdict[];
};

/** What Share sends: the playground now (a typed API key is dropped by the server) and the finished turns to include. */
export type ShareRequest = {
  title?: string;
  playground: Omit<SessionPlayground, 'model'> & { model: ModelConfig };
  /** Turn ids from the `x-turn-id` header of `POST /api/turns`, in conversation order. */
  turnIds: string[];
  /** The session this playground forked, whose recorded turns may be among `turnIds`. */
  forkedFrom?: string;
  assertions?: SessionAssertion[];
};

/** Share: stores the turns with the playground and returns the link `/s/<id>`. */
export async function shareSession(request: ShareRequest): Promise<Result<SessionLinkResponse, SessionApiError>> {
  return readLink(await callJson('/api/sessions', { method: 'POST', body: request }));
}

/**
 * Loads a shared session as stored (compacted) and expands it. It is not validated again: the server
 * checked it when it stored it, and checking a stranger's record here would cost this tab what it
 * cost the server. 404 when unknown.
 */
export async function fetchSession(id: string): Promise<Result<SessionRecord, SessionApiError>> {
  const body = await callJson(`/api/sessions/${encodeURIComponent(id)}`, { method: 'GET' });
  if (!body.ok) return body;
  const record = readCheckedSessionRecord(body.value);
  return record.ok ? ok(record.value) : err({ code: 'malformed-response', message: record.error });
}

/** Replays a shared session on its tape; `identical` or the differences, timings aside. */
export async function replaySharedSession(id: string): Promise<Result<ReplayResponse, SessionApiError>> {
  const body = await callJson(`/api/sessions/${encodeURIComponent(id)}/replay`, { method: 'POST', body: {} });
  if (!body.ok) return body;
  const value = body.value as Partial<ReplayResponse> | null;
  if (typeof value?.identical !== 'boolean' || !Array.isArray(value.differences)) {
    return err({ code: 'malformed-response', message: 'The replay endpoint answered without identical and differences.' });
  }
  return ok({
    identical: value.identical,
    differences: value.differences,
    turns: Array.isArray(value.turns) ? value.turns : [],
    ...(value.comparison ? { comparison: value.comparison } : {}),
    ...(Array.isArray(value.assertions) ? { assertions: value.assertions } : {}),
  });
}

/** Import: the text of an exported file, stored as a new session. A file that is not JSON never leaves the browser. */
export async function importSessionFile(text: string): Promise<Result<SessionLinkResponse, SessionApiError>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err({ code: 'http', status: 400, message: `The file is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  return readLink(await callJson('/api/sessions/import', { method: 'POST', body: json }));
}

/** Export: the record as stored (each distinct text once), a pretty-printed JSON file's text, and a file name for the download. */
export function exportSessionFile(record: SessionRecord): { fileName: string; text: string } {
  return { fileName: `session-${record.id}.json`, text: `${JSON.stringify(compactSessionRecord(record), null, 2)}\n` };
}

function readLink(body: Result<unknown, SessionApiError>): Result<SessionLinkResponse, SessionApiError> {
  if (!body.ok) return body;
  const value = body.value as Partial<SessionLinkResponse> | null;
  if (typeof value?.id !== 'string' || typeof value.url !== 'string') {
    return err({ code: 'malformed-response', message: 'The server answered without a session id and url.' });
  }
  return ok({ id: value.id, url: value.url });
}

async function callJson(url: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Result<unknown, SessionApiError>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    return err({ code: 'network', message: `Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}` });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!response.ok) return err({ code: 'http', status: response.status, message: `${response.status} ${text.trim().slice(0, 300) || response.statusText}` });
    return err({ code: 'malformed-response', message: `The server answered with invalid JSON: ${String(error)}` });
  }
  if (!response.ok) {
    const message = typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'string' ? json.error : response.statusText;
    return err({ code: 'http', status: response.status, message });
  }
  return ok(json);
}
