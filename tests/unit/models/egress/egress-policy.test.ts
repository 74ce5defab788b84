import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient, type CreateModelClientOptions } from '@/lib/models/server/create-model-client';
import type { ModelConfig, TapeEntry } from '@/lib/contract';
import { type ModelRequest, runTurn } from '@/lib/runtime';
import { userMessage } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../../support/sample-tools';
import { buildFunctionCallResponse, LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from '../fake-provider-server';

const SERVER_KEY = 'sk-server-0123456789abcdefghijklmnop';
const VISITOR_KEY = 'sk-visitor-0123456789abcdefghijklmnop';
const request: ModelRequest = { input: [{ type: 'message', role: 'user', content: 'Hi' }], tools: [], parallelToolCalls: true };
const completion = { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'llama', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hello.' } }] };

function loopbackRefusal(baseURL: string): string {
  return `The base URL ${baseURL} resolves to 127.0.0.1, a loopback address; requests from this server may not reach private networks. An operator can allow it with PLAYGROUND_ALLOW_PRIVATE_NETWORK=1.`;
}

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function serve(reply: (path: string) => FakeReply) {
  const server = await startFakeProvider((received) => reply(received.path));
  closers.push(server.close);
  return server;
}

async function ask(config: ModelConfig, options: CreateModelClientOptions = {}) {
  const tape: TapeEntry[] = [];
  const client = createModelClient(config, { timeoutMs: 10_000, ...options, onExchange: (entry) => tape.push(entry) });
  const result = await client.createResponse(request, { signal: new AbortController().signal });
  return { result, tape };
}

describe('private networks', () => {
  it('refuses a loopback base URL from a request before connecting, open port or closed alike', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: completion }));
    const open = await ask({ provider: 'openai-compatible', model: 'llama', baseURL: server.baseURL });
    const closed = await ask({ provider: 'openai-compatible', model: 'llama', baseURL: 'http://127.0.0.1:9/v1' });
    expect(open.result).toEqual({ ok: false, error: { code: 'request-failed', message: loopbackRefusal(server.baseURL) } });
    expect(closed.result).toEqual({ ok: false, error: { code: 'request-failed', message: loopbackRefusal('http://127.0.0.1:9/v1') } });
    expect(server.received).toHaveLength(0);
    expect(open.tape).toEqual([]);
  });

  it('refuses host names at connect time by every address they resolve to', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: completion }));
    const baseURL = server.baseURL.replace('127.0.0.1', 'localhost');
    const { result } = await ask({ provider: 'openai-compatible', model: 'llama', baseURL });
    expect(result).toMatchObject({ ok: false, error: { code: 'request-failed', message: expect.stringMatching(/^The base URL http:\/\/localhost:\d+\/v1 resolves to (127\.0\.0\.1|::1).*a loopback address; .*PLAYGROUND_ALLOW_PRIVATE_NETWORK=1\.$/) } });
    expect(server.received).toHaveLength(0);
  });

  it.each([
    ['http://[::1]:9/v1', /resolves to ::1, a loopback address/],
    ['http://[::ffff:127.0.0.1]:9/v1', /resolves to ::ffff:7f00:1, a loopback address/],
    ['http://169.254.169.254/latest/meta-data', /resolves to 169\.254\.169\.254, the cloud metadata address/],
    ['http://10.0.0.8:8000/v1', /resolves to 10\.0\.0\.8, a private address/],
    ['http://100.100.100.200/v1', /a carrier-grade NAT \(shared\) address/],
    ['http://0.0.0.0:11434/v1', /an unspecified address/],
    ['http://metadata.google.internal/computeMetadata/v1', /names metadata\.google\.internal, a cloud metadata host/],
  ])('refuses %s', async (baseURL, message) => {
    const { result } = await ask({ provider: 'openai', model: 'gpt-5.4', apiKey: VISITOR_KEY, baseURL });
    expect(result).toMatchObject({ ok: false, error: { code: 'request-failed', message: expect.stringMatching(message) } });
    expect(!result.ok && result.error.message).toContain('PLAYGROUND_ALLOW_PRIVATE_NETWORK=1');
  });

  it('reaches a loopback server when the operator allows private networks', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: completion }));
    const { result } = await ask({ provider: 'openai-compatible', model: 'llama', baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    expect(result).toMatchObject({ ok: true, value: { id: 'chatcmpl-1' } });
    expect(server.received).toHaveLength(1);
  });

  it('trusts the operator\'s own base URL, private or not', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: buildFunctionCallResponse() }));
    const { result } = await ask({ provider: 'openai', model: 'gpt-5.4' }, { env: { OPENAI_API_KEY: SERVER_KEY, OPENAI_BASE_URL: server.baseURL } });
    expect(result.ok).toBe(true);
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it('reports the refusal as the turn\'s model-error event', async () => {
    const model = createModelClient({ provider: 'openai-compatible', model: 'llama', baseURL: 'http://127.0.0.1:9/v1' });
    const outcome = await runTurn({ tools: createWorkspaceTools().all, model, input: [userMessage('Read a.txt')] });
    expect(outcome.events).toContainEqual(expect.objectContaining({ type: 'model-error', code: 'request-failed', message: loopbackRefusal('http://127.0.0.1:9/v1') }));
    expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error' });
  });
});

describe('the server key', () => {
  it('is never sent to a base URL from a request', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: buildFunctionCallResponse() }));
    const env = { ...LOOPBACK_ALLOWED_ENV, OPENAI_API_KEY: SERVER_KEY };
    const keyless = await ask({ provider: 'openai', model: 'gpt-5.4', baseURL: server.baseURL }, { env });
    expect(keyless.result).toEqual({
      ok: false,
      error: {
        code: 'request-failed',
        message: `No API key for ${server.baseURL}: the server's key is only sent to the operator's base URL (OPENAI_BASE_URL); enter a key for this server.`,
      },
    });
    expect(server.received).toHaveLength(0);

    const keyed = await ask({ provider: 'openai', model: 'gpt-5.4', baseURL: server.baseURL, apiKey: VISITOR_KEY }, { env });
    expect(keyed.result.ok).toBe(true);
    const compatible = await ask({ provider: 'openai-compatible', model: 'llama', baseURL: server.baseURL }, { env });
    expect(compatible.result.ok).toBe(false);
    expect(server.received.map((received) => received.headers.authorization)).toEqual([`Bearer ${VISITOR_KEY}`, 'Bearer not-needed']);
  });

  it('is refused to a request base URL even when the operator has moved OPENAI_BASE_URL', async () => {
    const server = await serve(() => ({ kind: 'json', status: 200, body: buildFunctionCallResponse() }));
    const env = { ...LOOPBACK_ALLOWED_ENV, OPENAI_API_KEY: SERVER_KEY, OPENAI_BASE_URL: 'https://gateway.example.com/v1' };
    const { result } = await ask({ provider: 'openai', model: 'gpt-5.4', baseURL: server.baseURL }, { env });
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining(`No API key for ${server.baseURL}`) } });
    expect(server.received).toHaveLength(0);
  });
});

describe('answers', () => {
  it('refuses a redirect instead of following it', async () => {
    const server = await serve((path) => (path.startsWith('/v1') ? { kind: 'redirect', status: 307, location: '/elsewhere/v1/responses' } : { kind: 'json', status: 200, body: buildFunctionCallResponse() }));
    const { result, tape } = await ask({ provider: 'openai', model: 'gpt-5.4', apiKey: VISITOR_KEY, baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    const origin = new URL(server.baseURL).origin;
    expect(result).toEqual({
      ok: false,
      error: { code: 'request-failed', status: 307, message: `The server at ${server.baseURL} answered with a redirect to ${origin}/elsewhere/v1/responses; redirects are not followed.` },
    });
    expect(server.received.map((received) => received.path)).toEqual(['/v1/responses']);
    expect(tape).toEqual([]);
  });

  it.each([
    ['streamed without a length', { kind: 'large', bytes: 11 * 1024 * 1024 }],
    ['declared by content-length', { kind: 'raw', status: 200, contentType: 'application/json', body: 'a'.repeat(10 * 1024 * 1024 + 1) }],
  ] satisfies [string, FakeReply][])('refuses a response over 10 MB %s, and records none of it', async (_how, reply) => {
    const server = await serve(() => reply);
    const { result, tape } = await ask({ provider: 'openai-compatible', model: 'llama', baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', message: `The response from the OpenAI-compatible server is larger than 10 MB; it was not read.` } });
    expect(tape).toEqual([]);
  });

  it('shows and records only an excerpt of a failed body', async () => {
    const message = `Internal failure: ${'stack frame; '.repeat(2_000)}`;
    const server = await serve(() => ({ kind: 'json', status: 500, body: { error: { message, type: 'server_error', trace: 'x'.repeat(50_000) } } }));
    const { result, tape } = await ask({ provider: 'openai', model: 'gpt-5.4', apiKey: VISITOR_KEY, baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    const excerpt = `${message.slice(0, 299)}…`;
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', status: 500, message: excerpt } });
    expect(tape).toEqual([
      { request: expect.anything(), response: { error: { message: excerpt } }, status: 500, url: `${server.baseURL}/responses`, method: 'POST', durationMs: expect.any(Number) },
    ]);
    expect(JSON.stringify(tape[0]?.response).length).toBeLessThan(400);
  });

  it('replays an excerpted failure in the same words', async () => {
    const server = await serve(() => ({ kind: 'raw', status: 502, contentType: 'text/html', body: `<html>${'Bad gateway '.repeat(100)}</html>` }));
    const live = await ask({ provider: 'openai', model: 'gpt-5.4', apiKey: VISITOR_KEY, baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    const replayed = await ask({ provider: 'tape', tape: live.tape });
    expect(live.result).toEqual({
      ok: false,
      error: {
        code: 'request-failed',
        status: 502,
        message: `The server at ${server.baseURL} answered an HTML page with status 502, not the JSON of an API: check that ${server.baseURL} is the address of an OpenAI-compatible API.`,
      },
    });
    expect(replayed.result).toEqual(live.result);
  });
});
