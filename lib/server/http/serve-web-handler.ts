// Server-only: answers a Node HTTP request with a Fetch-style route handler (`(Request) => Response`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HeaderEntry } from '../policy';

/** A route handler as a `route.ts` under `app/` exports it. */
export type WebRouteHandler = (request: Request) => Promise<Response>;

export type ServeWebHandlerOptions = {
  handler: WebRouteHandler;
  /** Added to every answer unless the handler set the same header. */
  headers: readonly HeaderEntry[];
  /** Where a handler that throws is reported (its answer is a 500 without details). */
  onError: (error: unknown) => void;
};

/**
 * Runs `handler` on `request` and writes its answer to `response`, as Next does for a route
 * handler: the body is read as the handler reads it (so its own size limits hold), the request's
 * signal aborts and the answer's stream is cancelled when the client goes away, and a streamed
 * answer is written chunk by chunk, waiting for the socket when it is full.
 */
export async function serveWebHandler(request: IncomingMessage, response: ServerResponse, options: ServeWebHandlerOptions): Promise<void> {
  const disconnected = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) disconnected.abort(new Error('The client disconnected.'));
  });
  let answer: Response;
  try {
    answer = await options.handler(toWebRequest(request, disconnected.signal));
  } catch (error) {
    options.onError(error);
    writeInternalError(response, options.headers);
    return;
  }
  await writeWebResponse(response, answer, options.headers, disconnected.signal);
}

/** A 500 that says nothing about the error, unless the answer has begun (then nothing can be said). */
export function writeInternalError(response: ServerResponse, added: readonly HeaderEntry[]): void {
  if (response.headersSent || response.destroyed) return;
  writeHead(response, 500, new Headers({ 'content-type': 'application/json' }), added);
  response.end(JSON.stringify({ error: 'Internal server error.' }));
}

/**
 * Writes a Fetch `Response` to a Node response: its status and headers (plus `added` where it set
 * none of the same name), then its body chunk by chunk, waiting for the socket when it is full and
 * cancelling the body when `disconnected` aborts.
 */
export async function writeWebResponse(response: ServerResponse, answer: Response, added: readonly HeaderEntry[], disconnected: AbortSignal): Promise<void> {
  writeHead(response, answer.status, answer.headers, added);
  if (!answer.body) {
    response.end();
    return;
  }
  await pipeBody(answer.body, response, disconnected);
}

/** The request as a Fetch `Request`; its origin is not the client's to choose, so handlers get `localhost`. */
function toWebRequest(request: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', 'http://localhost'), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes the head: `headers`, plus each of `added` that `headers` does not set. */
function writeHead(response: ServerResponse, status: number, headers: Headers, added: readonly HeaderEntry[]): void {
  const out: Record<string, string | string[]> = {};
  for (const { key, value } of added) if (!headers.has(key)) out[key] = value;
  headers.forEach((value, key) => {
    if (key !== 'set-cookie') out[key] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  response.writeHead(status, out);
}

async function pipeBody(body: ReadableStream<Uint8Array>, response: ServerResponse, disconnected: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel(disconnected.reason).catch(() => undefined);
  disconnected.addEventListener('abort', cancel, { once: true });
  // The head leaves with the first chunk when that is ready at once (one write, as a turn's
  // turn-start is), else on its own, so a slow stream's client still learns at once that it started.
  const flushHead = setImmediate(() => response.flushHeaders());
  try {
    while (!disconnected.aborted) {
      const { done, value } = await reader.read();
      clearImmediate(flushHead);
      if (done) break;
      if (!response.write(value)) await waitForDrain(response);
    }
  } catch (error) {
    // A stream that fails after its head was sent can only end the connection.
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  } finally {
    clearImmediate(flushHead);
    disconnected.removeEventListener('abort', cancel);
  }
  if (!disconnected.aborted) response.end();
}

function waitForDrain(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}
