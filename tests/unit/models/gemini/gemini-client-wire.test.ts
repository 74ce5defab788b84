import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import { chooseGeminiSchema } from '@/lib/interop';
import type { TapeEntry } from '@/lib/contract';
import type { ModelDelta, ModelRequest } from '@/lib/runtime';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from '../fake-provider-server';

const request: ModelRequest = {
  instructions: 'You plan trips.',
  input: [{ type: 'message', role: 'user', content: 'Check AA100 and find Ada.' }],
  tools: [
    { type: 'function', name: 'check_flight', description: 'Flight status.', parameters: { type: 'object', properties: { flight: { type: 'string' } }, required: ['flight'] }, strict: false },
    { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find one.', parameters: { type: 'object', properties: { name: { type: ['string', 'null'] } }, additionalProperties: false }, strict: true }] },
  ],
  parallelToolCalls: true,
  toolChoice: 'required',
  temperature: 0.5,
  maxOutputTokens: 256,
};

const usageMetadata = { promptTokenCount: 40, candidatesTokenCount: 12, totalTokenCount: 52 };
const chunks = [
  { candidates: [{ content: { role: 'model', parts: [{ text: 'Checking ' }] }, index: 0 }], responseId: 'resp-1', modelVersion: 'gemini-2.5-flash' },
  { candidates: [{ content: { role: 'model', parts: [{ text: 'both.' }] }, index: 0 }], responseId: 'resp-1' },
  { candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'fc-1', name: 'check_flight', args: { flight: 'AA100' } }, thoughtSignature: 'c2ln' }, { functionCall: { id: 'fc-2', name: 'crm.find_customer', args: { name: 'Ada' } } }] }, finishReason: 'STOP', index: 0 }], usageMetadata, responseId: 'resp-1' },
];
const whole = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'Checking both.' }, ...(chunks[2]?.candidates[0]?.content.parts ?? [])] }, finishReason: 'STOP', index: 0 }],
  usageMetadata,
  responseId: 'resp-1',
};
const expected = {
  id: 'resp-1',
  output: [
    { type: 'message', role: 'assistant', content: 'Checking both.' },
    { type: 'function_call', call_id: 'fc-1', id: 'fc-1', name: 'check_flight', arguments: '{"flight":"AA100"}', thought_signature: 'c2ln' },
    { type: 'function_call', call_id: 'fc-2', id: 'fc-2', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Ada"}' },
  ],
  usage: { inputTokens: 40, outputTokens: 12, totalTokens: 52 },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(reply: FakeReply | ((index: number) => FakeReply)) {
  let count = 0;
  const server = await startFakeProvider(() => (typeof reply === 'function' ? reply(count++) : reply));
  close = server.close;
  return { ...server, root: server.baseURL.replace(/\/v1$/, '') };
}

const sse = (items: unknown[]) => items.map((item) => `data: ${JSON.stringify(item)}\r\n\r\n`);

describe('the Gemini client against a loopback server speaking Gemini\'s API', () => {
  it('streams: sends Gemini\'s own body field by field, and reads deltas, calls, signatures and usage', async () => {
    const server = await serve({ kind: 'event-stream', chunks: sse(chunks) });
    const tape: TapeEntry[] = [];
    const client = createModelClient(
      { provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'typed-key', baseURL: server.root },
      { env: { ...LOOPBACK_ALLOWED_ENV, GEMINI_API_KEY: 'server-key' }, onExchange: (entry) => tape.push(entry), chooseGeminiSchema },
    );
    const deltas: ModelDelta[] = [];
    const result = await client.createResponse(request, { signal: new AbortController().signal, onDelta: (delta) => deltas.push(delta) });
    expect(result).toEqual({ ok: true, value: expected });
    expect(deltas.map((delta) => delta.delta)).toEqual(['Checking ', 'both.', '{"flight":"AA100"}', '{"name":"Ada"}']);
    const [received] = server.received;
    expect(received?.method).toBe('POST');
    expect(received?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(received?.headers['x-goog-api-key']).toBe('typed-key');
    const body = received?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['contents', 'generationConfig', 'systemInstruction', 'toolConfig', 'tools']);
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Check AA100 and find Ada.' }] }]);
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'You plan trips.' }] });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'check_flight', description: 'Flight status.', parametersJsonSchema: { type: 'object', properties: { flight: { type: 'string' } }, required: ['flight'] } },
          // The matrix's rewrite into Gemini's Schema (the null member becomes nullable, additionalProperties goes), its types upper-cased by the SDK.
          { name: 'crm.find_customer', description: 'Find one.', parameters: { type: 'OBJECT', properties: { name: { type: 'STRING', nullable: true } } } },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(body.generationConfig).toEqual({ temperature: 0.5, maxOutputTokens: 256 });
    expect(tape).toMatchObject([{ status: 200, streamed: true, url: `${server.root}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse` }]);
    expect(JSON.stringify(tape)).not.toContain('typed-key');
  });

  it('reads a server that answers with one JSON body instead of a stream', async () => {
    const server = await serve({ kind: 'json', status: 200, body: whole });
    const client = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k', baseURL: server.root, functionCallingMode: 'VALIDATED' }, { env: LOOPBACK_ALLOWED_ENV });
    expect(await client.createResponse({ ...request, toolChoice: undefined }, { signal: new AbortController().signal })).toEqual({ ok: true, value: expected });
    expect((server.received[0]?.body as { toolConfig: unknown }).toolConfig).toEqual({ functionCallingConfig: { mode: 'VALIDATED' } });
  });

  it('never sends the server\'s key to a base URL a visitor named, and sends it to the operator\'s', async () => {
    const server = await serve({ kind: 'event-stream', chunks: sse(chunks) });
    const visitor = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash', baseURL: server.root }, { env: { ...LOOPBACK_ALLOWED_ENV, GEMINI_API_KEY: 'server-key' } });
    expect(await visitor.createResponse(request, { signal: new AbortController().signal })).toEqual({
      ok: false,
      error: { code: 'request-failed', message: `No API key for ${server.root}: the server's key is only sent to the operator's base URL (GEMINI_BASE_URL); enter a key for this server.` },
    });
    expect(server.received).toHaveLength(0);
    const operators = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash' }, { env: { GEMINI_API_KEY: 'server-key', GEMINI_BASE_URL: server.root } });
    expect((await operators.createResponse(request, { signal: new AbortController().signal })).ok).toBe(true);
    expect(server.received[0]?.headers['x-goog-api-key']).toBe('server-key');
    const keyless = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash' }, { env: {} });
    expect(await keyless.createResponse(request, { signal: new AbortController().signal })).toMatchObject({ ok: false, error: { message: expect.stringContaining('set GEMINI_API_KEY') } });
  });

  it('says what a 429 and a 503 mean, with the retry delay Gemini gave', async () => {
    const quota = { error: { code: 429, message: 'You exceeded your current quota.', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' }] } };
    const overloaded = { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } };
    const server = await serve((index) => (index === 0 ? { kind: 'json', status: 429, body: quota } : { kind: 'json', status: 503, body: overloaded }));
    const client = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k', baseURL: server.root }, { env: LOOPBACK_ALLOWED_ENV });
    const signal = new AbortController().signal;
    expect(await client.createResponse(request, { signal })).toEqual({
      ok: false,
      error: { code: 'request-failed', status: 429, message: `The server at ${server.root} answered 429 RESOURCE_EXHAUSTED: You exceeded your current quota. Retry in 37s.` },
    });
    expect(await client.createResponse(request, { signal })).toEqual({
      ok: false,
      error: { code: 'request-failed', status: 503, message: `The server at ${server.root} answered 503 UNAVAILABLE: The model is overloaded. Please try again later. The fault is on the server's side; retrying later may work.` },
    });
  });

  it('reports a garbage stream, a refused private address and an abort as what they are', async () => {
    const server = await serve({ kind: 'event-stream', chunks: ['data: {not json\r\n\r\n'] });
    const signal = new AbortController().signal;
    const client = createModelClient({ provider: 'gemini', model: 'm', apiKey: 'k', baseURL: server.root }, { env: LOOPBACK_ALLOWED_ENV });
    expect(await client.createResponse(request, { signal })).toMatchObject({ ok: false, error: { code: 'response-malformed' } });
    const guarded = createModelClient({ provider: 'gemini', model: 'm', apiKey: 'k', baseURL: server.root }, { env: {} });
    expect(await guarded.createResponse(request, { signal })).toMatchObject({ ok: false, error: { code: 'request-failed', message: expect.stringContaining('resolves to 127.0.0.1') } });
    const hanging = await startFakeProvider(() => ({ kind: 'hang' }));
    const abort = new AbortController();
    const pending = createModelClient({ provider: 'gemini', model: 'm', apiKey: 'k', baseURL: hanging.baseURL.replace(/\/v1$/, '') }, { env: LOOPBACK_ALLOWED_ENV }).createResponse(request, { signal: abort.signal });
    await expect.poll(() => hanging.received.length).toBe(1);
    abort.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'aborted', message: 'The model request was aborted.' } });
    await hanging.close();
  });

  it('sends nothing when Gemini would reject a declaration whichever field carried it, and sends a schema its Schema cannot express as parametersJsonSchema', async () => {
    const server = await serve({ kind: 'event-stream', chunks: sse(chunks) });
    const client = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k', baseURL: server.root }, { env: LOOPBACK_ALLOWED_ENV, chooseGeminiSchema });
    const signal = new AbortController().signal;
    const badName: ModelRequest = { ...request, tools: [{ type: 'function', name: '9lives', description: '', parameters: { type: 'object' }, strict: false }] };
    const refused = await client.createResponse(badName, { signal });
    expect(server.received).toHaveLength(0);
    expect(refused).toMatchObject({ ok: false, error: { code: 'request-failed', message: expect.stringMatching(/^Not sent: Gemini's API would reject a tool in any form the playground can send\. 9lives: Gemini would reject this function in any form: The function name "9lives" must start with a letter or underscore/) } });
    const map = { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } } } as const;
    const mapTool: ModelRequest = { ...request, tools: [{ type: 'function', name: 'tag', description: 'Tag.', parameters: map, strict: false }] };
    expect((await client.createResponse(mapTool, { signal })).ok).toBe(true);
    expect((server.received[0]?.body as { tools: unknown }).tools).toEqual([{ functionDeclarations: [{ name: 'tag', description: 'Tag.', parametersJsonSchema: map }] }]);
  });

  it('replays a recorded Gemini exchange exactly, and refuses a request that differs', async () => {
    const server = await serve({ kind: 'event-stream', chunks: sse(chunks) });
    const tape: TapeEntry[] = [];
    const live = createModelClient({ provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k', baseURL: server.root }, { env: LOOPBACK_ALLOWED_ENV, onExchange: (entry) => tape.push(entry), chooseGeminiSchema });
    const signal = new AbortController().signal;
    const recorded = await live.createResponse(request, { signal });
    const deltas: ModelDelta[] = [];
    const replayed = await createModelClient({ provider: 'tape', tape }, { chooseGeminiSchema }).createResponse(request, { signal, onDelta: (delta) => deltas.push(delta) });
    expect(replayed).toEqual(recorded);
    expect(deltas).toHaveLength(4);
    const changed = await createModelClient({ provider: 'tape', tape }, { chooseGeminiSchema }).createResponse({ ...request, input: [{ type: 'message', role: 'user', content: 'Something else' }] }, { signal });
    expect(changed).toMatchObject({ ok: false, error: { code: 'tape-mismatch', message: expect.stringContaining('contents') } });
  });
});
