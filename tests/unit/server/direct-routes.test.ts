import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDirectRouteServer, type DirectRouteKey } from '@/lib/server/http/direct-routes';
import type { WebRouteHandler } from '@/lib/server/http/serve-web-handler';

/** A Node server that tries the direct routes first and answers everything else 404 "next", as server.mjs hands it to Next. */
async function serve(routes: Partial<Record<DirectRouteKey, WebRouteHandler>>): Promise<{ url: string; server: Server }> {
  const direct = createDirectRouteServer(routes);
  const server = createServer((request, response) => {
    if (direct(request, response)) return;
    response.writeHead(404).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let running: Server | undefined;
afterEach(async () => {
  running?.closeAllConnections();
  await new Promise((resolve) => (running ? running.close(resolve) : resolve(undefined)));
  running = undefined;
});

describe('createDirectRouteServer', () => {
  it('hands the handler the method, headers and body, and answers with its status, headers and the API security headers', async () => {
    let seen: { method: string; type: string | null; peer: string | null; body: string; url: string } | undefined;
    const { url, server } = await serve({
      'POST /api/echo': async (request) => {
        seen = { method: request.method, type: request.headers.get('content-type'), peer: request.headers.get('x-peer'), body: await request.text(), url: request.url };
        return Response.json({ ok: true }, { status: 201, headers: { 'x-turn-id': 'turn_1' } });
      },
    });
    running = server;
    const response = await fetch(`${url}/api/echo?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-peer': '1.2.3.4' }, body: '{"a":1}' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-turn-id')).toBe('turn_1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(seen).toEqual({ method: 'POST', type: 'application/json', peer: '1.2.3.4', body: '{"a":1}', url: 'http://localhost/api/echo?x=1' });
  });

  it('leaves other methods and paths to the next server', async () => {
    const handler = vi.fn<WebRouteHandler>(async () => new Response('direct'));
    const { url, server } = await serve({ 'POST /api/echo': handler });
    running = server;
    for (const [method, path] of [['GET', '/api/echo'], ['POST', '/api/echo/more'], ['POST', '/api/ech']] as const) {
      const response = await fetch(`${url}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(await response.text(), `${method} ${path}`).toBe('next');
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('streams the answer chunk by chunk as the handler produces it', async () => {
    let push: ((text: string) => void) | undefined;
    let close: (() => void) | undefined;
    const { url, server } = await serve({
      'POST /api/stream': async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
              close = () => controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    running = server;
    const response = await fetch(`${url}/api/stream`, { method: 'POST', body: '' });
    const reader = response.body!.getReader();
    push?.('data: 1\n\n');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n');
    push?.('data: 2\n\n');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 2\n\n');
    close?.();
    expect((await reader.read()).done).toBe(true);
  });

  it('cancels the answer stream and aborts the request signal when the client goes away', async () => {
    let onCancel: (reason: unknown) => void = () => undefined;
    let onAbort: () => void = () => undefined;
    const cancelled = new Promise<unknown>((resolve) => (onCancel = resolve));
    const aborted = new Promise<void>((resolve) => (onAbort = resolve));
    const { url, server } = await serve({
      'POST /api/stream': async (request) => {
        request.signal.addEventListener('abort', () => onAbort());
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('data: first\n\n'));
            },
            cancel: (reason) => onCancel(reason),
          }),
        );
      },
    });
    running = server;
    const client = httpRequest(`${url}/api/stream`, { method: 'POST' }, (response) => {
      response.once('data', () => client.destroy());
    });
    client.on('error', () => undefined);
    client.end('{}');
    await Promise.all([cancelled, aborted]);
  });

  it('answers a handler that throws with a 500 that says nothing about the error, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { url, server } = await serve({
      'POST /api/broken': async () => {
        throw new Error('secret detail');
      },
    });
    running = server;
    const response = await fetch(`${url}/api/broken`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error.' });
    expect(text).not.toContain('secret');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logged).toHaveBeenCalledWith('POST /api/broken failed:', expect.any(Error));
    logged.mockRestore();
  });

  it('lets the handler read the body with its own size limit', async () => {
    const { url, server } = await serve({
      'POST /api/limited': async (request) => {
        const reader = request.body!.getReader();
        let size = 0;
        while (true) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > 1000) {
            await reader.cancel();
            return Response.json({ error: 'too big' }, { status: 413 });
          }
        }
        return Response.json({ size });
      },
    });
    running = server;
    const small = await fetch(`${url}/api/limited`, { method: 'POST', body: 'x'.repeat(500) });
    expect(await small.json()).toEqual({ size: 500 });
    const big = await fetch(`${url}/api/limited`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(big.status).toBe(413);
  });
});
