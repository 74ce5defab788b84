// Server-only: POST /api/turns on Node's own request and response (a direct route of server.mjs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readClientAddress, BODY_LIMITS, checkBodyHeaders, jsonError, tooLarge, parseRequestBody, writeWebResponse } from '../http';
import { respondTurnStream, turnStreamHeaders } from './respond-turn-stream';
import type { HeaderEntry } from '../policy';
import { startRequestedTurn } from './start-requested-turn';

/**
 * Answers exactly as `app/api/turns/route.ts` does (the same checks, refusals and stream), with
 * the body read from the socket and the events written to it directly: no Fetch `Request`, no web
 * streams. A crowd pressing Run at once is served one request after another by the one HTTP
 * thread, so what each request costs there decides the last one's first event
 * (docs/decisions/0004-first-event-under-a-burst.md).
 */
export async function serveTurnRequest(request: IncomingMessage, response: ServerResponse, added: readonly HeaderEntry[]): Promise<void> {
  const disconnected = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) disconnected.abort(new Error('The client disconnected.'));
  });
  // A refusal is the route handler's own answer. A body left unread is read and dropped by Node
  // once it is sent (until `server.requestTimeout`): a client still uploading reads the refusal
  // instead of a reset connection.
  const refuse = (answer: Response) => writeWebResponse(response, answer, added, disconnected.signal);
  const limits = BODY_LIMITS.turn;
  const refused = checkBodyHeaders(request.headers['content-type'], request.headers['content-length'], limits.bytes);
  if (refused) return refuse(jsonError(refused.status, refused.error));
  const text = await readBody(request, limits.bytes);
  if (text === 'disconnected') return;
  const body = text === 'too-large' ? tooLarge(limits.bytes) : await parseRequestBody(text, 'turn');
  if (!body.ok) return refuse(jsonError(body.status, body.error));

  const result = await startRequestedTurn(body.value, readClientAddress({ headers: { get: (name) => headerValue(request, name) } }));
  if (!result.ok) return refuse(respondTurnStream(result));
  const { events } = result;
  if (disconnected.signal.aborted) {
    events.cancel('the client disconnected');
    return;
  }
  disconnected.signal.addEventListener('abort', () => events.cancel('the client disconnected'), { once: true });
  const head: Record<string, string> = {};
  for (const { key, value } of added) head[key] = value;
  response.writeHead(200, Object.assign(head, turnStreamHeaders(result.turnId, result.controlToken)));
  // turn-start is ready: attaching writes it, and the head leaves with it in one packet.
  events.attach({ write: (chunk) => void response.write(chunk), close: () => void response.end() });
  if (!response.headersSent) response.flushHeaders();
}

/** One header as a string (repeated ones joined, as Fetch's `Headers.get` joins them), or null. */
function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The body as UTF-8 text, or what stopped it: longer than `maxBytes` (the rest is not kept), or the client went away. */
function readBody(request: IncomingMessage, maxBytes: number): Promise<string | 'too-large' | 'disconnected'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: string | 'too-large' | 'disconnected') => {
      request.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) settle('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => settle(Buffer.concat(chunks, size).toString('utf8'));
    const onClose = () => settle('disconnected');
    request.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    // A client that goes away later (after a refusal) must not leave an unhandled 'error'.
    request.on('error', () => undefined);
  });
}
