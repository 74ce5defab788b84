import { afterEach, describe, expect, it } from 'vitest';
import { createForkClient } from '@/lib/models/server/create-fork-client';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ModelConfig, TapeEntry } from '@/lib/contract';
import type { ModelDelta, ModelRequest } from '@/lib/runtime';
import { encodeChunks, encodeEvents, LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from './fake-provider-server';

const request: ModelRequest = {
  input: [{ type: 'message', role: 'user', content: 'Find Ada and read notes.txt' }],
  tools: [
    { type: 'function', name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: {} }, strict: false },
    { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find', parameters: { type: 'object', properties: {} }, strict: false }] },
  ],
  parallelToolCalls: true,
};

const message = { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Looking her up.', annotations: [] }] };
const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', namespace: 'crm', name: 'find_customer', arguments: '{"name":"Ada"}', status: 'completed' };
const completed = {
  id: 'resp_1',
  object: 'response',
  status: 'completed',
  output: [message, call],
  usage: { input_tokens: 40, output_tokens: 12, total_tokens: 52 },
};

/** OpenAI's event sequence for `completed`: text in three pieces, arguments in three. */
function responsesEvents(final: object = completed) {
  const started = { ...completed, status: 'in_progress', output: [], usage: null };
  return encodeEvents([
    { type: 'response.created', response: started },
    { type: 'response.in_progress', response: started },
    { type: 'response.output_item.added', output_index: 0, item: { ...message, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
    ...['Looking ', 'her ', 'up.'].map((delta) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta, logprobs: [] })),
    { type: 'response.output_text.done', item_id: 'msg_1', output_index: 0, content_index: 0, text: 'Looking her up.', logprobs: [] },
    { type: 'response.output_item.done', output_index: 0, item: message },
    { type: 'response.output_item.added', output_index: 1, item: { ...call, arguments: '', status: 'in_progress' } },
    ...['{"na', 'me":"', 'Ada"}'].map((delta) => ({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 1, delta })),
    { type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 1, name: 'find_customer', arguments: '{"name":"Ada"}' },
    { type: 'response.output_item.done', output_index: 1, item: call },
    { type: 'response.completed', response: final },
  ]);
}

const expectedResponse = {
  id: 'resp_1',
  output: [
    { type: 'message', role: 'assistant', content: 'Looking her up.' },
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', namespace: 'crm', name: 'find_customer', arguments: '{"name":"Ada"}' },
  ],
  usage: { inputTokens: 40, outputTokens: 12, totalTokens: 52 },
};

const expectedDeltas: ModelDelta[] = [
  { kind: 'text', item: 0, delta: 'Looking ' },
  { kind: 'text', item: 0, delta: 'her ' },
  { kind: 'text', item: 0, delta: 'up.' },
  ...['{"na', 'me":"', 'Ada"}'].map((delta): ModelDelta => ({ kind: 'arguments', item: 1, delta, callId: 'call_1', name: 'find_customer', namespace: 'crm' })),
];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(provider: 'openai' | 'openai-compatible', reply: FakeReply, options: { timeoutMs?: number; signal?: AbortSignal; onDelta?: (delta: ModelDelta) => void } = {}) {
  const server = await startFakeProvider(() => reply);
  close = server.close;
  const tape: TapeEntry[] = [];
  const deltas: ModelDelta[] = [];
  const config: ModelConfig = provider === 'openai' ? { provider, model: 'gpt-5.4', apiKey: 'sk-test-0123456789abcdefghijklmnop', baseURL: server.baseURL } : { provider, model: 'llama3.1', baseURL: server.baseURL };
  const client = createModelClient(config, { onExchange: (entry) => tape.push(entry), timeoutMs: options.timeoutMs ?? 5_000, env: LOOPBACK_ALLOWED_ENV });
  const result = await client.createResponse(request, {
    signal: options.signal ?? new AbortController().signal,
    onDelta: (delta) => {
      deltas.push(delta);
      options.onDelta?.(delta);
    },
  });
  return { result, deltas, tape, server };
}

/** Replays a recorded tape through the tape client: its result, its deltas and the exchanges it recorded again. */
async function replay(tape: TapeEntry[]) {
  const deltas: ModelDelta[] = [];
  const again: TapeEntry[] = [];
  const result = await createModelClient({ provider: 'tape', tape }, { onExchange: (entry) => again.push(entry) }).createResponse(request, {
    signal: new AbortController().signal,
    onDelta: (delta) => deltas.push(delta),
  });
  return { result, deltas, again };
}

describe('Responses streaming', () => {
  it('asks for a stream, hands text and arguments deltas on as they arrive, and answers the completed response', async () => {
    const chunks = responsesEvents();
    const { result, deltas, tape, server } = await run('openai', { kind: 'event-stream', chunks, delayMs: 5 });
    expect(server.received[0]?.body).toMatchObject({ stream: true, store: false });
    expect(deltas).toEqual(expectedDeltas);
    expect(result).toEqual({ ok: true, value: expectedResponse });
    expect(tape).toHaveLength(1);
    expect(tape[0]).toMatchObject({ status: 200, streamed: true, response: chunks.join('') });
  });

  it('replays the recorded stream through the tape into the same deltas and response', async () => {
    const recorded = await run('openai', { kind: 'event-stream', chunks: responsesEvents() });
    const replayed = await replay(recorded.tape);
    expect(replayed.result).toEqual(recorded.result);
    expect(replayed.deltas).toEqual(recorded.deltas);
    expect(replayed.again[0]).toMatchObject({ streamed: true, response: recorded.tape[0]?.response });
  });

  it('takes the items of output_item.done when response.completed lists none', async () => {
    const { result } = await run('openai', { kind: 'event-stream', chunks: responsesEvents({ ...completed, output: [] }) });
    expect(result).toEqual({ ok: true, value: expectedResponse });
  });

  it('fails with the provider message of an error event', async () => {
    const chunks = [...responsesEvents().slice(0, 5), ...encodeEvents([{ type: 'error', code: 'server_error', message: 'The model is overloaded.', param: null }])];
    const { result, deltas } = await run('openai', { kind: 'event-stream', chunks });
    expect(deltas.map((delta) => delta.delta)).toEqual(['Looking ']);
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', message: 'The model is overloaded.' } });
  });

  it('calls a stream that ends before response.completed malformed', async () => {
    const { result } = await run('openai', { kind: 'event-stream', chunks: responsesEvents().slice(0, -1) });
    expect(result).toEqual({ ok: false, error: { code: 'response-malformed', message: expect.stringContaining('no response.completed event') } });
  });

  it('reads a server that ignores stream: true and answers one JSON body', async () => {
    const { result, deltas, tape } = await run('openai', { kind: 'json', status: 200, body: completed });
    expect(deltas).toEqual([]);
    expect(result).toEqual({ ok: true, value: expectedResponse });
    expect(tape[0]?.streamed).toBeUndefined();
  });

  it('ends as aborted mid-stream, after the deltas that had arrived', async () => {
    const controller = new AbortController();
    const { result, deltas, tape } = await run(
      'openai',
      { kind: 'event-stream', chunks: responsesEvents().slice(0, 6), hangAfter: true },
      { signal: controller.signal, onDelta: (delta) => delta.delta === 'her ' && controller.abort() },
    );
    expect(deltas.map((delta) => delta.delta)).toEqual(['Looking ', 'her ']);
    expect(result).toEqual({ ok: false, error: { code: 'aborted', message: 'The model request was aborted.' } });
    expect(tape).toEqual([expect.objectContaining({ status: 200, streamed: true, cutOff: true, response: responsesEvents().slice(0, 6).join('') })]);
  });

  it('times a stream that stalls out like a request that never answers, and records no exchange for it', async () => {
    const started = performance.now();
    const { result, deltas, tape } = await run('openai', { kind: 'event-stream', chunks: responsesEvents().slice(0, 5), hangAfter: true }, { timeoutMs: 400 });
    expect(deltas).toHaveLength(1);
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', message: expect.stringMatching(/did not answer within 400 ms/) } });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(tape).toEqual([]);
  });
});

describe('a stream an abort cut off, on the tape', () => {
  const chatChunks = encodeChunks([
    { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: 'Looking ' }, finish_reason: null }] },
    { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'her ' }, finish_reason: null }] },
    { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'up.' }, finish_reason: null }] },
  ]);
  const cases = [
    { name: 'Responses', provider: 'openai', chunks: responsesEvents(), readAfterAbort: false },
    // The events after the abort in the chunk being parsed still become deltas, live and on the tape.
    { name: 'Responses in one chunk', provider: 'openai', chunks: [responsesEvents().join('')], readAfterAbort: true },
    { name: 'Chat Completions', provider: 'openai-compatible', chunks: chatChunks, readAfterAbort: false },
  ] as const;

  it.each(cases)('$name: replays the part that arrived as the same deltas, then the same abort, and records it cut off again', async ({ provider, chunks, readAfterAbort }) => {
    const controller = new AbortController();
    const recorded = await run(provider, { kind: 'event-stream', chunks: [...chunks], delayMs: 20 }, { signal: controller.signal, onDelta: (delta) => delta.delta === 'her ' && controller.abort() });
    expect(recorded.deltas.some((delta) => delta.delta === 'up.')).toBe(readAfterAbort);
    expect(recorded.result).toEqual({ ok: false, error: { code: 'aborted', message: 'The model request was aborted.' } });
    expect(recorded.tape).toEqual([expect.objectContaining({ streamed: true, cutOff: true })]);
    expect(chunks.join('').startsWith(String(recorded.tape[0]!.response))).toBe(true);

    const replayed = await replay(recorded.tape);
    expect(replayed.result).toEqual(recorded.result);
    expect(replayed.deltas).toEqual(recorded.deltas);
    expect(replayed.again).toEqual([expect.objectContaining({ streamed: true, cutOff: true, response: recorded.tape[0]!.response })]);
  });

  it('is answered by the live model in a fork, as a request past the end of the recording', async () => {
    const controller = new AbortController();
    const recorded = await run('openai', { kind: 'event-stream', chunks: responsesEvents(), delayMs: 20 }, { signal: controller.signal, onDelta: (delta) => delta.delta === 'her ' && controller.abort() });
    const live = createModelClient({ provider: 'scripted', script: [{ text: 'Live again.' }] });
    const fork = createForkClient({ tape: recorded.tape, live });
    const answered = await fork.createResponse(request, { signal: new AbortController().signal });
    expect(answered).toMatchObject({ ok: true, value: { servedBy: 'live', divergence: 'Request 1 is past the end of the recording (0 recorded).' } });
  });
});

describe('Chat Completions streaming', () => {
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'llama3.1' };
  const chunks = encodeChunks([
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content: 'Checking ' }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content: 'both.' }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'crm__find_customer', arguments: '' } }] }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"name":' } }] }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Grace"}' } }] }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }] }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    { ...base, choices: [], usage: { prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 } },
  ]);

  it('asks for a stream with usage, hands deltas on and answers what the chunks add up to', async () => {
    const { result, deltas, tape, server } = await run('openai-compatible', { kind: 'event-stream', chunks, delayMs: 5 });
    expect(server.received[0]?.path).toBe('/v1/chat/completions');
    expect(server.received[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(deltas).toEqual([
      { kind: 'text', item: 0, delta: 'Checking ' },
      { kind: 'text', item: 0, delta: 'both.' },
      { kind: 'arguments', item: 1, delta: '{"name":', callId: 'call_a', name: 'find_customer', namespace: 'crm' },
      { kind: 'arguments', item: 1, delta: '"Grace"}', callId: 'call_a', name: 'find_customer', namespace: 'crm' },
      { kind: 'arguments', item: 2, delta: '{"path":"a.txt"}', callId: 'call_b', name: 'read_file' },
    ]);
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'chatcmpl-1',
        output: [
          { type: 'message', role: 'assistant', content: 'Checking both.' },
          { type: 'function_call', call_id: 'call_a', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Grace"}' },
          { type: 'function_call', call_id: 'call_b', name: 'read_file', arguments: '{"path":"a.txt"}' },
        ],
        usage: { inputTokens: 82, outputTokens: 17, totalTokens: 99 },
      },
    });
    expect(tape[0]).toMatchObject({ streamed: true, response: chunks.join('') });
  });

  it('replays the recorded chunks through the tape into the same deltas and response', async () => {
    const recorded = await run('openai-compatible', { kind: 'event-stream', chunks });
    const replayed = await replay(recorded.tape);
    expect(replayed.result).toEqual(recorded.result);
    expect(replayed.deltas).toEqual(recorded.deltas);
  });

  it('reports a mid-stream error chunk with the server message', async () => {
    const failing = [...chunks.slice(0, 2), `data: ${JSON.stringify({ error: { message: 'out of memory', type: 'server_error' } })}\n\n`];
    const { result } = await run('openai-compatible', { kind: 'event-stream', chunks: failing });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', message: 'out of memory' } });
  });

  it('calls an empty stream malformed', async () => {
    const { result } = await run('openai-compatible', { kind: 'event-stream', chunks: ['data: [DONE]\n\n'] });
    expect(result).toEqual({ ok: false, error: { code: 'response-malformed', message: "The server's stream ended without a single chunk." } });
  });
});
