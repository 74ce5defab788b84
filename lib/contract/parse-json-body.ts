// Parses a request body's text within its limits; pure, so a sandbox worker runs the same code for large bodies.
import type { z } from 'zod';
import { scanJsonText, type JsonTextShape } from '@/lib/runtime';

/** Recursive schemas parse nested values recursively; a bound keeps them off the stack limit. */
export const MAX_JSON_DEPTH = 128;

/** What a route's body may be: its size as sent, and how many JSON values it may hold (what parsing it costs). */
export type BodyLimits = { bytes: number; values: number };

export type BodyRefusal = { ok: false; status: 400 | 413 | 415 | 429 | 503; error: string };
export type BodyResult<T> = { ok: true; value: T } | BodyRefusal;

/**
 * Counts the body's values and nesting without parsing it: a body of millions of tiny values (or
 * nested deeper than `MAX_JSON_DEPTH`) is refused for the cost of reading its text once.
 */
export function scanJsonBody(text: string, limits: BodyLimits): BodyResult<JsonTextShape> {
  const scanned = scanJsonText(text, { maxValues: limits.values, maxDepth: MAX_JSON_DEPTH });
  if (scanned.ok) return scanned;
  if (scanned.error.kind === 'depth') return { ok: false, status: 400, error: `The body nests deeper than ${MAX_JSON_DEPTH} levels.` };
  return { ok: false, status: 413, error: `The body holds more than ${limits.values} JSON values; this request may hold at most ${limits.values}.` };
}

/** Parses a body whose values were counted (`scanJsonBody`), then validates it with `schema`. */
export function parseScannedBody<T>(text: string, schema: z.ZodType<T>): BodyResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, status: 400, error: `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return { ok: false, status: 400, error: `Invalid request: ${problems.join('; ')}` };
  }
  return { ok: true, value: parsed.data };
}

/** Counts, parses and validates a body's text. */
export function parseJsonBody<T>(text: string, schema: z.ZodType<T>, limits: BodyLimits): BodyResult<T> {
  const scanned = scanJsonBody(text, limits);
  return scanned.ok ? parseScannedBody(text, schema) : scanned;
}
