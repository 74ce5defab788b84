import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider saw of one request (the body is not kept). */
export type RecordedRequest = { method: string; url: string; authorization?: string };

/** A stand-in for a Responses API server on 127.0.0.1, recording every request it gets. */
export type FakeProvider = {
  port: number;
  /** `http://127.0.0.1:<port>/v1`, the baseURL a turn names. */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

export type FakeHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export async function startFakeProvider(handler: FakeHandler = answerUnauthorized): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    Promise.resolve(handler(request, response)).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 401 in OpenAI's error shape: the key (if any arrived) is not accepted. */
export function answerUnauthorized(_request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(401, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message: 'Recorded by the fake provider.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
}

/** A 302 to another URL (which must not be followed). */
export function answerRedirect(location: string): FakeHandler {
  return (_request, response) => {
    response.writeHead(302, { location, 'content-type': 'text/plain' });
    response.end('moved');
  };
}

/**
 * A 200 whose body is `totalBytes` long, written in 64 KB chunks with back-pressure: either a
 * text/event-stream of output-text deltas (no length) or one JSON response (declared length).
 */
export function answerHugeBody(options: { totalBytes: number; shape: 'sse' | 'json' }): FakeHandler {
  return async (_request, response) => {
    const chunk = 'x'.repeat(64 * 1024);
    let closed = false;
    response.once('close', () => {
      closed = true;
    });
    const write = async (text: string) => {
      if (closed) return;
      if (response.write(text)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done).off('close', done);
          resolve();
        };
        response.on('drain', done).on('close', done);
      });
    };
    if (options.shape === 'sse') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      await write(`event: response.created\ndata: ${JSON.stringify({ type: 'response.created', response: { id: 'resp_huge', object: 'response', status: 'in_progress', output: [] } })}\n\n`);
      for (let written = 0; written < options.totalBytes && !closed; written += chunk.length) {
        await write(`event: response.output_text.delta\ndata: {"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"${chunk}"}\n\n`);
      }
    } else {
      const head = '{"id":"resp_huge","object":"response","status":"completed","output":[{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","annotations":[],"text":"';
      const tail = '"}]}]}';
      const repeats = Math.ceil(options.totalBytes / chunk.length);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(head.length + tail.length + repeats * chunk.length) });
      await write(head);
      for (let index = 0; index < repeats && !closed; index += 1) await write(chunk);
      await write(tail);
    }
    if (!closed) response.end();
  };
}
