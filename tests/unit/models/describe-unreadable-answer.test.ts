import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import { describeUnreadableAnswer } from '@/lib/models/describe-unreadable-answer';
import type { ModelRequest } from '@/lib/runtime';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from './fake-provider-server';

const request: ModelRequest = { input: [{ type: 'message', role: 'user', content: 'Hi' }], tools: [], parallelToolCalls: true };
const PAGE = `<!DOCTYPE html><html><head><title>Not Found</title></head><body>${'<p>nothing here</p>'.repeat(40)}</body></html>`;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A base URL without the API's path: the fake server's root instead of its `/v1`. */
async function askAtRoot(provider: 'openai' | 'openai-compatible', reply: FakeReply) {
  const server = await startFakeProvider(() => reply);
  close = server.close;
  const baseURL = server.baseURL.replace(/\/v1$/, '');
  const client = createModelClient({ provider, model: 'm', apiKey: 'sk-visitor-0123456789abcdefghij', baseURL }, { env: LOOPBACK_ALLOWED_ENV, timeoutMs: 5_000 });
  return { baseURL, result: await client.createResponse(request, { signal: new AbortController().signal }) };
}

describe('an answer that is not an API’s JSON', () => {
  it.each(['openai', 'openai-compatible'] as const)('%s: an HTML 404 page is one sentence that points at /v1', async (provider) => {
    const { baseURL, result } = await askAtRoot(provider, { kind: 'raw', status: 404, contentType: 'text/html; charset=utf-8', body: PAGE });
    const who = provider === 'openai' ? `The server at ${baseURL}` : 'The OpenAI-compatible server';
    expect(result).toEqual({
      ok: false,
      error: { code: 'request-failed', status: 404, message: `${who} answered an HTML page with status 404, not the JSON of an API: the base URL usually ends in /v1 (it is ${baseURL}).` },
    });
  });

  it('names an HTML page by how it starts when its type is not declared', () => {
    expect(describeUnreadableAnswer({ providerName: 'OpenAI', baseURL: 'https://proxy.example/', status: 403, contentType: 'text/plain', text: '<html><body>Forbidden</body></html>' })).toBe(
      'OpenAI answered an HTML page with status 403, not the JSON of an API: the base URL usually ends in /v1 (it is https://proxy.example/).',
    );
  });

  it('quotes the start of other text, and says when the body was empty', async () => {
    const { baseURL, result } = await askAtRoot('openai', { kind: 'raw', status: 404, contentType: 'text/plain', body: '404 page not found' });
    expect(result).toMatchObject({
      ok: false,
      error: { status: 404, message: `The server at ${baseURL} answered status 404 with a body that is not JSON ("404 page not found"): the base URL usually ends in /v1 (it is ${baseURL}).` },
    });
    expect(describeUnreadableAnswer({ providerName: 'OpenAI', baseURL: 'https://x.example/v1', status: 502, text: '' })).toBe(
      'OpenAI answered status 502 with an empty body: check that https://x.example/v1 is the address of an OpenAI-compatible API.',
    );
  });

  it('keeps a JSON error body’s own message', async () => {
    const { result } = await askAtRoot('openai', { kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided.' } } });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', status: 401, message: 'Incorrect API key provided.' } });
  });
});
