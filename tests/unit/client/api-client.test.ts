import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileTools, streamTurn } from '@/lib/client/api';
import type { TurnRequest } from '@/lib/client/build-turn-request';
import type { RuntimeEvent } from '@/lib/runtime';

const request: TurnRequest = {
  source: 'export default [];',
  messages: [{ role: 'user', content: 'hi' }],
  model: { provider: 'auto' },
  permissions: { mode: 'auto' },
  mode: 'chat',
  maxIterations: 4,
  files: {},
  seed: 1,
};

const turnStart = { type: 'turn-start', turnId: 't1', seq: 0, at: 0, mode: 'chat', model: 'embedded:auto', permissionMode: 'auto', maxIterations: 4, userMessage: 'hi' };
const turnEnd = { type: 'turn-end', turnId: 't1', seq: 1, at: 3, reason: 'completed', iterations: 1 };

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('streamTurn', () => {
  it('posts the request and delivers validated events in order', async () => {
    const sse = `data: ${JSON.stringify(turnStart)}\n\ndata: {"type":"nonsense"}\n\ndata: ${JSON.stringify(turnEnd)}\n\n`;
    const fetchMock = stubFetch(new Response(streamOf([sse.slice(0, 30), sse.slice(30)]), { headers: { 'content-type': 'text/event-stream' } }));
    const events: RuntimeEvent[] = [];
    const problems: string[] = [];
    const result = await streamTurn(request, { signal: new AbortController().signal, onEvent: (event) => events.push(event), onInvalidEvent: (message) => problems.push(message) });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(events.map((event) => event.type)).toEqual(['turn-start', 'turn-end']);
    expect(problems).toEqual([expect.stringMatching(/^The server sent an event outside the protocol/)]);
    expect(fetchMock).toHaveBeenCalledWith('/api/turns', expect.objectContaining({ method: 'POST', body: JSON.stringify(request) }));
  });

  it('reports a stream that closes before turn-end', async () => {
    stubFetch(new Response(streamOf([`data: ${JSON.stringify(turnStart)}\n\n`])));
    const result = await streamTurn(request, { signal: new AbortController().signal, onEvent: () => undefined, onInvalidEvent: () => undefined });
    expect(result).toMatchObject({ ok: false, error: { code: 'stream-incomplete' } });
  });

  it('turns a 4xx JSON error into its message', async () => {
    stubFetch(new Response(JSON.stringify({ error: 'messages must not be empty' }), { status: 400 }));
    const result = await streamTurn(request, { signal: new AbortController().signal, onEvent: () => undefined, onInvalidEvent: () => undefined });
    expect(result).toEqual({ ok: false, error: { code: 'http', status: 400, message: '400 messages must not be empty' } });
  });
});

describe('compileTools', () => {
  it('returns the compile response and rejects a body without tools', async () => {
    const answer = { moduleKey: 'd'.repeat(64), tools: [], details: [], diagnostics: [] };
    stubFetch(new Response(JSON.stringify(answer)));
    expect(await compileTools('x', new AbortController().signal)).toEqual({ ok: true, value: answer });
    stubFetch(new Response(JSON.stringify({ nope: true })));
    expect(await compileTools('x', new AbortController().signal)).toMatchObject({ ok: false, error: { code: 'malformed-response' } });
  });

  it('reports a network failure with its cause', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    expect(await compileTools('x', new AbortController().signal)).toEqual({
      ok: false,
      error: { code: 'network', message: 'Could not reach /api/tools/compile: fetch failed' },
    });
  });
});
