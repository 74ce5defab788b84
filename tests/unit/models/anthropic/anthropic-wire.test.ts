import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient, type ModelEnvironment } from '@/lib/models/server/create-model-client';
import { planAnthropicSchema } from '@/lib/interop';
import type { ModelConfig, TapeEntry } from '@/lib/contract';
import { defineTool, runTurn, type ModelDelta, type ModelRequest } from '@/lib/runtime';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from '../fake-provider-server';
import { deferredWeatherTool } from '../../support/sample-tools';
import { documentedEvents, encodeAnthropicEvents } from './anthropic-fixtures';

const KEY = 'sk-ant-test-0123456789abcdefghijklmnop';
const SERVER_KEY = 'sk-ant-server-9876543210zyxwvutsrqponm';

const request: ModelRequest = {
  instructions: 'Be brief.',
  input: [{ type: 'message', role: 'user', content: 'Find Ada' }],
  tools: [
    { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find a customer', parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false }, strict: true }] },
  ],
  parallelToolCalls: false,
};

const expectedOutput = [
  { type: 'opaque', item: { type: 'thinking', thinking: 'Weather tool. ', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrk' } },
  { type: 'message', role: 'assistant', content: "Okay, let's check the weather." },
  { type: 'function_call', call_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'find_customer', namespace: 'crm', arguments: '{"name": "Ada"}' },
];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(reply: FakeReply, options: { config?: (baseURL: string) => ModelConfig; env?: (baseURL: string) => ModelEnvironment } = {}) {
  const server = await startFakeProvider(() => reply);
  close = server.close;
  // The SDK adds /v1/messages to Anthropic's base URL.
  const baseURL = server.baseURL.replace(/\/v1$/, '');
  const tape: TapeEntry[] = [];
  const deltas: ModelDelta[] = [];
  const config = options.config?.(baseURL) ?? { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: KEY, baseURL };
  const client = createModelClient(config, { onExchange: (entry) => tape.push(entry), timeoutMs: 5_000, env: options.env?.(baseURL) ?? LOOPBACK_ALLOWED_ENV, anthropicJudge: planAnthropicSchema });
  const result = await client.createResponse(request, { signal: new AbortController().signal, onDelta: (delta) => deltas.push(delta) });
  return { result, deltas, tape, server, client };
}

describe('Anthropic Messages over the wire', () => {
  it('sends Anthropic’s own body and headers, streams the deltas and answers the message', async () => {
    const { result, deltas, tape, server, client } = await run({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents), delayMs: 2 });
    expect(client.label).toBe('anthropic:claude-sonnet-4-5');
    const received = server.received[0];
    expect(received?.method).toBe('POST');
    expect(received?.path).toBe('/v1/messages');
    // The SDK (1.17) sends the key as a bearer token, with its API version.
    expect(received?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(received?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(received?.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 8192,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Find Ada' }] }],
      tools: [{ name: 'crm__find_customer', description: 'Find a customer', input_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false }, strict: true }],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      stream: true,
    });
    expect(deltas.map((delta) => delta.delta)).toEqual(['Okay, let', "'s check the weather.", '{"name": "A', 'da"}']);
    expect(result).toEqual({ ok: true, value: { id: 'msg_014p7gG3wDgGV9EUtLvnow3U', output: expectedOutput, usage: { inputTokens: 572, outputTokens: 89, totalTokens: 661, cachedInputTokens: 100 } } });
    expect(tape).toHaveLength(1);
    expect(tape[0]).toMatchObject({ status: 200, streamed: true, method: 'POST', url: `${server.baseURL}/messages` });
    expect(JSON.stringify(tape)).not.toContain(KEY);
  });

  it('reads a server that ignored stream and answered one JSON message', async () => {
    const message = { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'crm__find_customer', input: { name: 'Ada' } }], stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 5 } };
    const { result, deltas } = await run({ kind: 'json', status: 200, body: message });
    expect(deltas).toEqual([]);
    expect(result).toEqual({ ok: true, value: { id: 'msg_1', output: [{ type: 'function_call', call_id: 'toolu_1', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Ada"}' }], usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 } } });
  });

  it('says a 429 was a rate limit and when to retry, and a 529 that Anthropic is overloaded', async () => {
    const limited = await run({ kind: 'json', status: 429, headers: { 'retry-after': '17' }, body: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } } });
    expect(limited.result).toEqual({ ok: false, error: { code: 'request-failed', status: 429, message: 'Anthropic rate-limited the request (429): Number of request tokens has exceeded your per-minute rate limit Retry after 17 s.' } });
    await close?.();
    const overloaded = await run({ kind: 'json', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
    expect(overloaded.result).toEqual({ ok: false, error: { code: 'request-failed', status: 529, message: 'Anthropic is overloaded (529); try again shortly: Overloaded' } });
    // One request each: the SDK's own retries are off, so what happened is what the timeline shows.
    expect(overloaded.server.received).toHaveLength(1);
  });

  it('fails with the overloaded error an event stream sends mid-answer', async () => {
    const chunks = encodeAnthropicEvents([documentedEvents[0] as { type: string }, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } as { type: string }]);
    const { result } = await run({ kind: 'event-stream', chunks });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', message: 'Anthropic is overloaded (529); try again shortly: Overloaded' } });
  });

  it('sends the server’s key only to the operator’s base URL, never to one a visitor named', async () => {
    const visitor = await run({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents) }, {
      config: (baseURL) => ({ provider: 'anthropic', model: 'claude-sonnet-4-5', baseURL }),
      env: () => ({ ...LOOPBACK_ALLOWED_ENV, ANTHROPIC_API_KEY: SERVER_KEY }),
    });
    expect(visitor.server.received).toHaveLength(0);
    expect(visitor.result).toMatchObject({ ok: false, error: { message: expect.stringContaining("the server's key is only sent to the operator's base URL (ANTHROPIC_BASE_URL)") } });
    await close?.();
    const operator = await run({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents) }, {
      config: () => ({ provider: 'anthropic', model: 'claude-sonnet-4-5' }),
      env: (baseURL) => ({ ANTHROPIC_API_KEY: SERVER_KEY, ANTHROPIC_BASE_URL: baseURL }),
    });
    expect(operator.result.ok).toBe(true);
    expect(operator.server.received[0]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(JSON.stringify(operator.tape)).not.toContain(SERVER_KEY);
  });

  it('refuses a visitor’s base URL on a private address unless the operator allows it', async () => {
    const { result, server } = await run({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents) }, { env: () => ({}) });
    expect(server.received).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, error: { code: 'request-failed' } });
  });

  it('sends nothing when the matrix says Anthropic would reject a tool in any form, and names it with the reason', async () => {
    const server = await startFakeProvider(() => ({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents) }));
    close = server.close;
    const client = createModelClient({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: KEY, baseURL: server.baseURL.replace(/\/v1$/, '') }, { env: LOOPBACK_ALLOWED_ENV, anthropicJudge: planAnthropicSchema });
    const scalar: ModelRequest = { ...request, tools: [...request.tools, { type: 'function', name: 'echo', description: 'Echo', parameters: { type: 'string' }, strict: false }] };
    const result = await client.createResponse(scalar, { signal: new AbortController().signal });
    expect(server.received).toHaveLength(0);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'request-failed',
        message:
          'Not sent: Anthropic\'s API would reject a tool in any form the playground can send. echo: /type: input_schema.type must be "object". Change the schema (the tool card shows what Anthropic accepts), leave the tool out, or choose another provider.',
      },
    });
  });

  it('replays the recorded exchange exactly: the same deltas and response, and a changed request is a mismatch', async () => {
    const recorded = await run({ kind: 'event-stream', chunks: encodeAnthropicEvents(documentedEvents) });
    const replay = createModelClient({ provider: 'tape', tape: recorded.tape }, { anthropicJudge: planAnthropicSchema });
    const deltas: ModelDelta[] = [];
    const replayed = await replay.createResponse(request, { signal: new AbortController().signal, onDelta: (delta) => deltas.push(delta) });
    expect(replayed).toEqual(recorded.result);
    expect(deltas).toEqual(recorded.deltas);
    const changed = await createModelClient({ provider: 'tape', tape: recorded.tape }, { anthropicJudge: planAnthropicSchema }).createResponse(
      { ...request, parallelToolCalls: true },
      { signal: new AbortController().signal },
    );
    expect(changed).toMatchObject({ ok: false, error: { code: 'tape-mismatch', message: expect.stringContaining('tool_choice') } });
  });
});

describe('the embedded models in Anthropic’s wire format', () => {
  const lookup = defineTool({
    name: 'find_customer',
    namespace: 'crm',
    namespaceDescription: 'Customers',
    description: 'Find a customer by name.',
    isReadOnly: true,
    schema: z.object({ name: z.string() }),
    execute: async (args) => `${args.name} is customer 42`,
  });

  it('runs a whole turn through the official SDK: call, tool_result, answer, each exchange a Messages exchange', async () => {
    const tape: TapeEntry[] = [];
    const outcome = await runTurn({
      tools: [lookup],
      model: createModelClient({ provider: 'auto', seed: 1, wire: 'anthropic' }, { onExchange: (entry) => tape.push(entry) }),
      input: [{ type: 'message', role: 'user', content: 'Find the customer "Ada"' }],
      policy: { permissions: { mode: 'auto' } },
      host: { turnId: 'turn_anthropic' },
    });
    expect(outcome.reason).toBe('completed');
    // The model sees the namespaced tool under its qualified name, as Claude would.
    expect(outcome.finalText).toBe('crm__find_customer returned "Ada is customer 42".');
    expect(tape.map((entry) => entry.url)).toEqual(['http://embedded.invalid/v1/messages', 'http://embedded.invalid/v1/messages']);
    expect(tape[1]?.request).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant', content: [{ type: 'tool_use', name: 'crm__find_customer', input: { name: 'Ada' } }] },
        { role: 'user', content: [{ type: 'tool_result', content: 'Ada is customer 42' }] },
      ],
    });
    const arguments_ = outcome.events.filter((event) => event.type === 'model-delta');
    expect(arguments_.length).toBeGreaterThan(0);
  });

  it('streams scripted malformed arguments as they were staged', async () => {
    const client = createModelClient({ provider: 'scripted', wire: 'anthropic', script: [{ calls: [{ name: 'find_customer', namespace: 'crm', arguments: '{"name": "Ada"' }] }] }, {});
    const result = await client.createResponse(request, { signal: new AbortController().signal });
    expect(result).toMatchObject({ ok: true, value: { output: [{ type: 'function_call', name: 'find_customer', namespace: 'crm', arguments: '{"name": "Ada"' }] } });
  });

  it('finds a deferred tool through Anthropic’s tool search tool, in the same response as the call, with the search on the timeline', async () => {
    const weather = deferredWeatherTool;
    const tape: TapeEntry[] = [];
    const outcome = await runTurn({
      tools: [lookup, weather],
      model: createModelClient({ provider: 'auto', seed: 1, wire: 'anthropic' }, { onExchange: (entry) => tape.push(entry) }),
      input: [{ type: 'message', role: 'user', content: 'What is the weather in "Paris"?' }],
      policy: { permissions: { mode: 'auto' } },
      host: { turnId: 'turn_search' },
    });
    expect(outcome.reason).toBe('completed');
    expect(outcome.finalText).toBe('meteo__get_weather returned "Sunny in Paris".');
    const first = tape[0]?.request as { tools: object[] };
    expect(first.tools).toEqual([
      { name: 'crm__find_customer', description: 'Find a customer by name.', input_schema: expect.any(Object) },
      { name: 'meteo__get_weather', description: 'Current weather for a city.', input_schema: expect.any(Object), defer_loading: true },
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ]);
    const search = outcome.events.find((event) => event.type === 'tool-search');
    expect(search).toMatchObject({ execution: 'server', query: expect.stringContaining('weather'), matches: ['meteo.get_weather'] });
    // The search, its result and the call came in one response, and went back as Anthropic's blocks.
    expect(tape).toHaveLength(2);
    const second = tape[1]?.request as { messages: { role: string; content: { type: string }[] }[] };
    expect(second.messages[1]?.content.map((block) => block.type)).toEqual(['server_tool_use', 'tool_search_tool_result', 'tool_use']);
  });
});
