import { afterEach, describe, expect, it } from 'vitest';
import { checkProvider } from '@/lib/models/server/check-provider';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply, type ReceivedRequest } from './fake-provider-server';

const KEY = 'sk-test-secret-4242';
let provider: Awaited<ReturnType<typeof startFakeProvider>> | undefined;

afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

async function serve(reply: (request: ReceivedRequest) => FakeReply) {
  provider = await startFakeProvider(reply);
  return provider;
}

const MODELS: FakeReply = { kind: 'json', status: 200, body: { object: 'list', data: [{ id: 'llama3.2', object: 'model' }] } };

describe('checkProvider', () => {
  it('sends one GET <baseURL>/models with the key and says the key was accepted', async () => {
    const fake = await serve((request) => (request.headers.authorization === `Bearer ${KEY}` ? MODELS : { kind: 'json', status: 401, body: { error: { message: 'bad key' } } }));
    const answer = await checkProvider({ provider: 'openai-compatible', baseURL: `${fake.baseURL}/`, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(answer).toEqual({ outcome: 'ready', message: `The server at ${fake.baseURL}/ is reachable and accepted the key.` });
    expect(fake.received.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/v1/models' }]);
  });

  it('tells a refused key from a missing one, and never repeats the key', async () => {
    const fake = await serve(() => ({ kind: 'json', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } }));
    const refused = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(refused).toEqual({ outcome: 'key-refused', message: `The server at ${fake.baseURL} is reachable but refused the key (status 401).` });
    const missing = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    expect(missing).toEqual({ outcome: 'key-needed', message: `The server at ${fake.baseURL} is reachable and asks for an API key (status 401); enter one.` });
    expect(fake.received[1]?.headers.authorization).toBeUndefined();
  });

  it('names an HTML page in one sentence with the usual cause', async () => {
    const fake = await serve(() => ({ kind: 'raw', status: 404, contentType: 'text/html', body: '<!DOCTYPE html><html><body>Not Found</body></html>' }));
    const root = fake.baseURL.replace(/\/v1$/, '');
    const answer = await checkProvider({ provider: 'openai-compatible', baseURL: root }, { env: LOOPBACK_ALLOWED_ENV });
    expect(answer).toEqual({
      outcome: 'not-an-api',
      message: `The server at ${root} answered an HTML page with status 404, not the JSON of an API: the base URL usually ends in /v1 (it is ${root}).`,
    });
  });

  it('says a JSON server without /models is reachable, and quotes other errors briefly without the key', async () => {
    let status = 404;
    const fake = await serve(() => ({ kind: 'json', status, body: { error: { message: `Upstream failed for ${KEY}` } } }));
    const absent = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(absent.outcome).toBe('no-models-list');
    status = 502;
    const failed = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(failed).toEqual({ outcome: 'failed', message: `The server at ${fake.baseURL} answered status 502: Upstream failed for [key]` });
  });

  it('refuses a loopback base URL unless private networks are allowed, without connecting', async () => {
    const fake = await serve(() => MODELS);
    const answer = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL, apiKey: KEY }, { env: {} });
    expect(answer.outcome).toBe('refused');
    expect(answer.message).toBe(
      `The base URL ${fake.baseURL} resolves to 127.0.0.1, a loopback address; requests from this server may not reach private networks. An operator can allow it with PLAYGROUND_ALLOW_PRIVATE_NETWORK=1.`,
    );
    expect(fake.received).toEqual([]);
  });

  it('gives up on a server that never answers after its timeout, and on a closed port', async () => {
    const fake = await serve(() => ({ kind: 'hang' }));
    const slow = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL }, { env: LOOPBACK_ALLOWED_ENV, timeoutMs: 200 });
    expect(slow).toEqual({ outcome: 'unreachable', message: `The server at ${fake.baseURL} did not answer within 0.2 s.` });
    const closedURL = fake.baseURL;
    await fake.close();
    provider = undefined;
    const closed = await checkProvider({ provider: 'openai-compatible', baseURL: closedURL }, { env: LOOPBACK_ALLOWED_ENV });
    expect(closed).toEqual({ outcome: 'unreachable', message: `Could not reach the server at ${closedURL}: the connection was refused (is the server running?).` });
  });

  it('reads only the start of a huge answer', async () => {
    const fake = await serve(() => ({ kind: 'large', bytes: 200 * 1024 * 1024 }));
    const answer = await checkProvider({ provider: 'openai-compatible', baseURL: fake.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    expect(answer.outcome).toBe('not-an-api');
    expect(answer.message).toContain('answered status 200 with a body that is not JSON ("aaaa');
    expect(fake.sent.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("sends the server's key only to the operator's base URL, as turns do", async () => {
    const fake = await serve(() => MODELS);
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseURL };
    // The operator's own base URL is trusted even on loopback, and gets the server's key.
    expect((await checkProvider({ provider: 'openai', baseURL: '' }, { env })).outcome).toBe('ready');
    expect(fake.received[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const elsewhere = fake.baseURL.replace('127.0.0.1', 'localhost');
    const answer = await checkProvider({ provider: 'openai', baseURL: elsewhere }, { env: { ...env, ...LOOPBACK_ALLOWED_ENV } });
    expect(answer.outcome).toBe('ready');
    expect(answer.message).toBe(`The server at ${elsewhere} is reachable and answered without a key.`);
    expect(fake.received[1]?.headers.authorization).toBeUndefined();
  });

  it('says what to enter when there is no URL to check', async () => {
    expect(await checkProvider({ provider: 'openai-compatible', baseURL: ' ' })).toEqual({
      outcome: 'invalid',
      message: 'Enter the base URL of an OpenAI-compatible API, such as http://localhost:11434/v1.',
    });
    expect((await checkProvider({ provider: 'openai-compatible', baseURL: 'localhost:11434' })).outcome).toBe('invalid');
  });

  it('checks Anthropic with its own model list and headers, the server\'s key only for the operator\'s base URL', async () => {
    const fake = await serve((request) => (request.headers['x-api-key'] === KEY ? MODELS : { kind: 'json', status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } }));
    const root = fake.baseURL.replace(/\/v1$/, '');
    const typed = await checkProvider({ provider: 'anthropic', baseURL: root, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(typed).toEqual({ outcome: 'ready', message: `The server at ${root} is reachable and accepted the key.` });
    expect(fake.received[0]).toMatchObject({ method: 'GET', path: '/v1/models', headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' } });
    expect(fake.received[0]?.headers.authorization).toBeUndefined();
    // A visitor's base URL never gets the server's key: the check says a key is needed.
    const visitor = await checkProvider({ provider: 'anthropic', baseURL: root }, { env: { ...LOOPBACK_ALLOWED_ENV, ANTHROPIC_API_KEY: KEY } });
    expect(visitor).toEqual({ outcome: 'key-needed', message: `The server at ${root} is reachable and asks for an API key (status 401); enter one.` });
    expect(fake.received[1]?.headers['x-api-key']).toBeUndefined();
    // An empty base URL is the operator's, which gets the server's key.
    const operators = await checkProvider({ provider: 'anthropic', baseURL: '' }, { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: root } });
    expect(operators.outcome).toBe('ready');
    expect(fake.received[2]?.headers['x-api-key']).toBe(KEY);
  });

  it('checks Gemini with its own model list and header, and reads Gemini\'s 400 for a bad key as a refused key', async () => {
    const invalid: FakeReply = { kind: 'json', status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } } };
    const fake = await serve((request) => (request.headers['x-goog-api-key'] === KEY ? MODELS : invalid));
    const root = fake.baseURL.replace(/\/v1$/, '');
    expect(await checkProvider({ provider: 'gemini', baseURL: root, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV })).toEqual({ outcome: 'ready', message: `The server at ${root} is reachable and accepted the key.` });
    expect(fake.received[0]).toMatchObject({ method: 'GET', path: '/v1beta/models', headers: { 'x-goog-api-key': KEY } });
    expect(await checkProvider({ provider: 'gemini', baseURL: root, apiKey: 'AIza-wrong' }, { env: LOOPBACK_ALLOWED_ENV })).toEqual({ outcome: 'key-refused', message: `The server at ${root} is reachable but refused the key (status 400).` });
    const operators = await checkProvider({ provider: 'gemini', baseURL: '' }, { env: { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: root } });
    expect(operators.outcome).toBe('ready');
    expect(fake.received[2]?.headers['x-goog-api-key']).toBe(KEY);
  });

  it('tells an Anthropic or Gemini base URL that carries a version to drop it', async () => {
    const fake = await serve(() => ({ kind: 'raw', status: 404, contentType: 'text/html', body: '<!DOCTYPE html><html><body>Not Found</body></html>' }));
    const answer = await checkProvider({ provider: 'anthropic', baseURL: fake.baseURL, apiKey: KEY }, { env: LOOPBACK_ALLOWED_ENV });
    expect(answer).toEqual({
      outcome: 'not-an-api',
      message: `The server at ${fake.baseURL} answered an HTML page with status 404, not the JSON of an API: the base URL is the server's root, without /v1 (the SDK adds the API's path; it is ${fake.baseURL}).`,
    });
  });
});
