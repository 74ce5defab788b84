// Server-only: request bodies are read with a size cap and parsed with a schema.
import type { z } from 'zod';

export const MAX_BODY_BYTES = 1_000_000;
/** Recursive schemas parse nested values recursively; a bound keeps them off the stack limit. */
export const MAX_JSON_DEPTH = 128;

export type BodyRefusal = { ok: false; status: 400 | 413 | 415; error: string };
export type BodyResult<T> = { ok: true; value: T } | BodyRefusal;

/** Reads a JSON body (at most `maxBytes`), then validates it; every failure says why. */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>, maxBytes = MAX_BODY_BYTES): Promise<BodyResult<T>> {
  const refused = checkBodyHeaders(request.headers.get('content-type'), request.headers.get('content-length'), maxBytes);
  if (refused) return refused;
  const text = await readLimited(request, maxBytes);
  if (text === null) return tooLarge(maxBytes);
  return parseJsonBody(text, schema);
}

/** The refusal a body's declared type and length earn before it is read, if any. */
export function checkBodyHeaders(contentType: string | null | undefined, contentLength: string | null | undefined, maxBytes: number): BodyRefusal | undefined {
  if (!(contentType ?? '').includes('application/json')) return { ok: false, status: 415, error: 'Send the body as application/json.' };
  const declared = Number(contentLength ?? '0');
  if (declared > maxBytes) return { ok: false, status: 413, error: `The body is ${declared} bytes; the limit is ${maxBytes}.` };
  return undefined;
}

/** The refusal for a body that turned out longer than `maxBytes` while it was read. */
export function tooLarge(maxBytes: number): BodyRefusal {
  return { ok: false, status: 413, error: `The body exceeds the limit of ${maxBytes} bytes.` };
}

/** Parses a body's text as JSON no deeper than `MAX_JSON_DEPTH`, then validates it with `schema`. */
export function parseJsonBody<T>(text: string, schema: z.ZodType<T>): BodyResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, status: 400, error: `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const depth = measureDepth(json, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) return { ok: false, status: 400, error: `The body nests deeper than ${MAX_JSON_DEPTH} levels.` };
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return { ok: false, status: 400, error: `Invalid request: ${problems.join('; ')}` };
  }
  return { ok: true, value: parsed.data };
}

/** Nesting depth of a parsed JSON value, computed without recursion; stops counting past `limit`. */
function measureDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

async function readLimited(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function jsonError(status: number, error: string, details?: unknown): Response {
  // A 503 is the sandbox pool at capacity: it usually has room again within seconds.
  const headers = status === 503 ? { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } : undefined;
  return Response.json(details === undefined ? { error } : { error, details }, { status, headers });
}

const BUSY_RETRY_AFTER_SECONDS = 2;
