import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider does with one request. */
export type FakeReply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; contentType: string; body: string }
  /** Sends headers and part of a body, then drops the connection. */
  | { kind: 'truncated'; body: string }
  /** Never answers. */
  | { kind: 'hang' }
  | { kind: 'redirect'; status: number; location: string }
  /** A 200 streamed in 64 KiB chunks of `bytes` bytes in all, without a content-length. */
  | { kind: 'large'; bytes: number }
  /** A 200 `text/event-stream` written chunk by chunk, `delayMs` apart; `hangAfter` keeps it open after the last one. */
  | { kind: 'event-stream'; chunks: string[]; delayMs?: number; hangAfter?: boolean };

export type ReceivedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/** The fake server listens on loopback, which base URLs from requests may reach only when allowed. */
export const LOOPBACK_ALLOWED_ENV = { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' } as const;

const LARGE_CHUNK = Buffer.alloc(64 * 1024, 'a');

/** A local HTTP server that speaks just enough of the Responses and Chat Completions APIs. */
export async function startFakeProvider(reply: (request: ReceivedRequest) => FakeReply) {
  const received: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  /** Bytes the server managed to hand to the socket for `large` replies. */
  const sent = { bytes: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      received.push(entry);
      const answer = reply(entry);
      switch (answer.kind) {
        case 'json':
          response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          response.end(JSON.stringify(answer.body));
          return;
        case 'raw':
          response.writeHead(answer.status, { 'content-type': answer.contentType });
          response.end(answer.body);
          return;
        case 'truncated':
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(answer.body.length + 500) });
          response.write(answer.body);
          setTimeout(() => response.socket?.destroy(), 10);
          return;
        case 'hang':
          hanging.push(response);
          return;
        case 'redirect':
          response.writeHead(answer.status, { location: answer.location, 'content-type': 'text/plain' });
          response.end('moved');
          return;
        case 'large':
          response.writeHead(200, { 'content-type': 'application/json' });
          writeLarge(response, answer.bytes, sent);
          return;
        case 'event-stream':
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          if (answer.hangAfter) hanging.push(response);
          writeChunks(response, answer.chunks, answer.delayMs ?? 0, !answer.hangAfter);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    sent,
    async close() {
      for (const response of hanging) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function writeChunks(response: ServerResponse, chunks: string[], delayMs: number, end: boolean): void {
  const [first, ...rest] = chunks;
  if (response.destroyed) return;
  if (first === undefined) {
    if (end) response.end();
    return;
  }
  response.write(first);
  setTimeout(() => writeChunks(response, rest, delayMs, end), delayMs);
}

/** `event:` and `data:` lines for each event, the way OpenAI writes a Responses stream. */
export function encodeEvents(events: { type: string; [key: string]: unknown }[]): string[] {
  return events.map((event, index) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`);
}

/** Chat Completions chunks as `data:` lines, closed by `data: [DONE]`. */
export function encodeChunks(chunks: unknown[]): string[] {
  return [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'];
}

function writeLarge(response: ServerResponse, remaining: number, sent: { bytes: number }): void {
  while (remaining > 0 && !response.destroyed) {
    const chunk = remaining >= LARGE_CHUNK.length ? LARGE_CHUNK : LARGE_CHUNK.subarray(0, remaining);
    remaining -= chunk.length;
    sent.bytes += chunk.length;
    if (!response.write(chunk)) {
      response.once('drain', () => writeLarge(response, remaining, sent));
      return;
    }
  }
  if (!response.destroyed) response.end();
}

/** A real Responses API body with a namespaced function call, as in OpenAI's API reference. */
export function buildFunctionCallResponse() {
  return {
    id: 'resp_67ccd3a9da748190baa7f1570fe91ac6',
    object: 'response',
    created_at: 1741476777,
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: 'gpt-5.4',
    output: [
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [],
        encrypted_content: 'gAAAA-opaque',
      },
      {
        type: 'function_call',
        id: 'fc_67ccd3acc8d48190a77525dc6de64b0b',
        call_id: 'call_unLAR8MvFNptuiZK6K6HCy5k',
        name: 'get_weather',
        arguments: '{"location":"Paris, France"}',
        status: 'completed',
      },
      {
        type: 'function_call',
        id: 'fc_2',
        call_id: 'call_2',
        namespace: 'crm',
        name: 'find_customer',
        arguments: '{"email":"ada@example.com"}',
        status: 'completed',
      },
    ],
    parallel_tool_calls: true,
    usage: { input_tokens: 291, input_tokens_details: { cached_tokens: 256 }, output_tokens: 23, output_tokens_details: { reasoning_tokens: 11 }, total_tokens: 314 },
  };
}
