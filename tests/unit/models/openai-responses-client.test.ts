import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { TapeEntry } from '@/lib/contract';
import type { ModelRequest } from '@/lib/runtime';
import { buildFunctionCallResponse, LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from './fake-provider-server';

const API_KEY = 'sk-test-0123456789abcdefghijklmnop';
const request: ModelRequest = {
  instructions: 'Be brief.',
  input: [
    { type: 'message', role: 'user', content: 'Weather in Paris?' },
    { type: 'opaque', item: { type: 'reasoning', id: 'rs_0', summary: [], encrypted_content: 'x' } },
    { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"location":"Paris"}', id: 'fc_a' },
    { type: 'function_call_output', call_id: 'call_a', output: '18°C' },
  ],
  tools: [
    { type: 'function', name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: {} }, strict: false },
    { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find', parameters: { type: 'object', properties: {} }, strict: false, defer_loading: true }] },
  ],
  parallelToolCalls: true,
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(reply: FakeReply, timeoutMs = 5_000) {
  const server = await startFakeProvider(() => reply);
  close = server.close;
  const tape: TapeEntry[] = [];
  const client = createModelClient(
    { provider: 'openai', model: 'gpt-5.4', apiKey: API_KEY, baseURL: server.baseURL },
    { onExchange: (entry) => tape.push(entry), timeoutMs, env: LOOPBACK_ALLOWED_ENV },
  );
  const result = await client.createResponse(request, { signal: new AbortController().signal });
  return { result, tape, server, client };
}

describe('OpenAI Responses client', () => {
  it('sends the whole conversation statelessly and maps function calls back', async () => {
    const { result, server, client } = await run({ kind: 'json', status: 200, body: buildFunctionCallResponse() });
    expect(client.label).toBe('openai:gpt-5.4');
    const sent = server.received[0];
    expect(sent?.path).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'gpt-5.4',
      instructions: 'Be brief.',
      store: false,
      parallel_tool_calls: true,
      input: [
        { type: 'message', role: 'user', content: 'Weather in Paris?' },
        { type: 'reasoning', id: 'rs_0' },
        { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"location":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_a', output: '18°C' },
      ],
    });
    expect(sent?.body).not.toHaveProperty('previous_response_id');
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'resp_67ccd3a9da748190baa7f1570fe91ac6',
        output: [
          { type: 'opaque', item: { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA-opaque' } },
          { type: 'function_call', id: 'fc_67ccd3acc8d48190a77525dc6de64b0b', call_id: 'call_unLAR8MvFNptuiZK6K6HCy5k', name: 'get_weather', arguments: '{"location":"Paris, France"}' },
          { type: 'function_call', id: 'fc_2', call_id: 'call_2', namespace: 'crm', name: 'find_customer', arguments: '{"email":"ada@example.com"}' },
        ],
        usage: { inputTokens: 291, outputTokens: 23, totalTokens: 314, cachedInputTokens: 256, reasoningTokens: 11 },
      },
    });
  });

  it('maps assistant text and tool search items', async () => {
    const body = {
      ...buildFunctionCallResponse(),
      output: [
        { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_s', arguments: { query: 'crm' }, execution: 'server', status: 'completed' },
        { type: 'tool_search_output', id: 'tso_1', call_id: 'call_s', execution: 'server', status: 'completed', tools: [] },
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello ', annotations: [] }, { type: 'output_text', text: 'there', annotations: [] }] },
      ],
    };
    const { result } = await run({ kind: 'json', status: 200, body });
    expect(result.ok && result.value.output).toEqual([
      { type: 'tool_search_call', call_id: 'call_s', arguments: { query: 'crm' }, execution: 'server', id: 'tsc_1' },
      { type: 'tool_search_output', call_id: 'call_s', execution: 'server', tools: [] },
      { type: 'message', role: 'assistant', content: 'Hello there' },
    ]);
  });

  it('turns a 500 into request-failed with the provider message', async () => {
    const { result } = await run({ kind: 'json', status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } } });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', status: 500, message: 'The server had an error while processing your request.' } });
  });

  it('turns a 400 invalid schema into request-failed with OpenAI\'s message', async () => {
    const message = "Invalid schema for function 'get_weather': In context=(), 'additionalProperties' is required to be supplied and to be false.";
    const { result } = await run({ kind: 'json', status: 400, body: { error: { message, type: 'invalid_request_error', param: 'tools[0].parameters', code: 'invalid_function_parameters' } } });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', status: 400, message } });
  });

  it('times out when the server never answers', async () => {
    const { result } = await run({ kind: 'hang' }, 150);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('request-failed');
    expect(!result.ok && result.error.message).toMatch(/did not answer within 150 ms/);
  });

  it('reports a truncated body as a failed request', async () => {
    const { result } = await run({ kind: 'truncated', body: '{"id":"resp_1","output":[{"type":"func' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('request-failed');
  });

  it('reports an incomplete JSON body as malformed', async () => {
    const { result } = await run({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"id":"resp_1","output":[' });
    expect(result).toMatchObject({ ok: false, error: { code: 'response-malformed' } });
  });

  it('reports garbage and wrong shapes as malformed', async () => {
    const garbage = await run({ kind: 'raw', status: 200, contentType: 'text/html', body: '<html>Bad gateway</html>' });
    expect(garbage.result).toEqual({
      ok: false,
      error: {
        code: 'response-malformed',
        message: `The server at ${garbage.server.baseURL} answered an HTML page with status 200, not the JSON of an API: check that ${garbage.server.baseURL} is the address of an OpenAI-compatible API.`,
      },
    });
    await close?.();
    close = undefined;
    const shape = await run({ kind: 'json', status: 200, body: { id: 'resp_1', output: [{ type: 'function_call', name: 42 }] } });
    expect(shape.result).toMatchObject({ ok: false, error: { code: 'response-malformed', message: expect.stringContaining('output[0]') } });
  });

  it('maps an abort to aborted', async () => {
    const server = await startFakeProvider(() => ({ kind: 'hang' }));
    close = server.close;
    const client = createModelClient({ provider: 'openai', model: 'gpt-4.1', apiKey: API_KEY, baseURL: server.baseURL }, { env: LOOPBACK_ALLOWED_ENV });
    const controller = new AbortController();
    const pending = client.createResponse(request, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toEqual({ ok: false, error: { code: 'aborted', message: 'The model request was aborted.' } });
  });

  it('reports an unreachable server with its address', async () => {
    const client = createModelClient({ provider: 'openai-compatible', model: 'llama3', baseURL: 'http://127.0.0.1:9/v1' }, { env: LOOPBACK_ALLOWED_ENV });
    const result = await client.createResponse(request, { signal: new AbortController().signal });
    expect(result).toMatchObject({ ok: false, error: { code: 'request-failed', message: expect.stringContaining('http://127.0.0.1:9/v1') } });
  });

  it('records exchanges without the API key anywhere', async () => {
    const leaky: ModelRequest = { ...request, input: [{ type: 'message', role: 'user', content: `my key is ${API_KEY}` }] };
    const server = await startFakeProvider(() => ({ kind: 'json', status: 200, body: { ...buildFunctionCallResponse(), echo: API_KEY } }));
    close = server.close;
    const tape: TapeEntry[] = [];
    const client = createModelClient(
      { provider: 'openai', model: 'gpt-5.4', apiKey: API_KEY, baseURL: server.baseURL },
      { onExchange: (entry) => tape.push(entry), env: LOOPBACK_ALLOWED_ENV },
    );
    await client.createResponse(leaky, { signal: new AbortController().signal });
    expect(tape).toHaveLength(1);
    expect(tape[0]?.status).toBe(200);
    expect(JSON.stringify(tape)).not.toContain(API_KEY);
    expect(JSON.stringify(tape)).not.toMatch(/authorization/i);
  });

  it('uses the server key from the environment and fails clearly without one', async () => {
    const missing = createModelClient({ provider: 'openai', model: 'gpt-5.4' }, { env: {} });
    expect(await missing.createResponse(request, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      error: { code: 'request-failed', message: expect.stringContaining('OPENAI_API_KEY') },
    });
    const hosted = createModelClient({ provider: 'openai', model: 'gpt-5.4' }, { env: { OPENAI_API_KEY: API_KEY } });
    expect(hosted.hostedToolSearch).toBe(true);
    expect(createModelClient({ provider: 'openai', model: 'gpt-4.1' }, { env: { OPENAI_API_KEY: API_KEY } }).hostedToolSearch).toBe(false);
  });
});
