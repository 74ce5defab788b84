// Server-only: the large request bodies (turns, direct calls, forks, shares), read within their limits and validated off the HTTP thread when large.
import type { z } from 'zod';
import { getSandboxPool, REQUEST_BODY_SCHEMAS, type SandboxPool, type RequestBodies, type RequestBodyName } from '@/lib/sandbox/pool';
import { BODY_LIMITS, INLINE_BODY_VALUES } from './body-limits';
import { parseScannedBody, scanJsonBody, type BodyResult } from '@/lib/contract';
import { readScannedBodyText } from './read-json-body';

/** A conversation of a thousand items takes a worker tens of milliseconds to validate; past this something is wrong. */
const PARSE_TIMEOUT_MS = 15_000;

/** Reads the body of route `name` within its limits, and validates it (see `parseRequestBody`). */
export async function readRequestBody<K extends RequestBodyName>(request: Request, name: K, pool: SandboxPool = getSandboxPool()): Promise<BodyResult<RequestBodies[K]>> {
  const text = await readScannedBodyText(request, BODY_LIMITS[name]);
  return text.ok ? parseRequestBody(text.value, name, pool) : text;
}

/**
 * Counts the body's values, then parses and validates it: on the HTTP thread when it holds at most
 * `INLINE_BODY_VALUES` (every body the page sends for a normal turn), else in a sandbox worker,
 * where a large conversation's items are read and checked.
 */
export async function parseRequestBody<K extends RequestBodyName>(text: string, name: K, pool: SandboxPool = getSandboxPool()): Promise<BodyResult<RequestBodies[K]>> {
  const scanned = scanJsonBody(text, BODY_LIMITS[name]);
  if (!scanned.ok) return scanned;
  if (scanned.value.values <= INLINE_BODY_VALUES) return parseScannedBody(text, REQUEST_BODY_SCHEMAS[name] as z.ZodType) as BodyResult<RequestBodies[K]>;
  const answer = await pool.run<'parse-body'>({ kind: 'parse-body', name, text }, { timeoutMs: PARSE_TIMEOUT_MS });
  if (!answer.ok) return { ok: false, status: 503, error: `The server could not read this request now (${answer.error.message}); try again in a few seconds.` };
  // The worker validated it with the same schema.
  return answer.value as BodyResult<RequestBodies[K]>;
}
