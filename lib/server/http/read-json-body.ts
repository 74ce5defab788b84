// Server-only: request bodies are read with a size cap, their values counted, then parsed with a schema.
import type { z } from 'zod';
import { BODY_LIMITS } from './body-limits';
import { parseJsonBody, scanJsonBody, type BodyLimits, type BodyRefusal, type BodyResult } from '@/lib/contract';

export type { BodyLimits, BodyRefusal, BodyResult } from '@/lib/contract';

/** Reads a JSON body within `limits` (bytes, then values), then validates it; every failure says why. */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>, limits: BodyLimits = BODY_LIMITS.small): Promise<BodyResult<T>> {
  const text = await readBodyText(request, limits.bytes);
  return text.ok ? parseJsonBody(text.value, schema, limits) : text;
}

/** A JSON body's text within `limits`, its values counted but not parsed (a sandbox worker parses it). */
export async function readScannedBodyText(request: Request, limits: BodyLimits): Promise<BodyResult<string>> {
  const text = await readBodyText(request, limits.bytes);
  if (!text.ok) return text;
  const scanned = scanJsonBody(text.value, limits);
  return scanned.ok ? text : scanned;
}

/** A body's text, at most `maxBytes`, after its declared type and length were checked. */
async function readBodyText(request: Request, maxBytes: number): Promise<BodyResult<string>> {
  const refused = checkBodyHeaders(request.headers.get('content-type'), request.headers.get('content-length'), maxBytes);
  if (refused) return refused;
  const text = await readLimited(request, maxBytes);
  return text === null ? tooLarge(maxBytes) : { ok: true, value: text };
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
