import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { TapeEntry } from '@/lib/contract';
import type { ConversationItem, ModelClient, ModelRequest, OfferedTool } from '@/lib/runtime';

const signal = new AbortController().signal;
const tools: OfferedTool[] = [
  {
    type: 'function',
    name: 'read_file',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    strict: true,
  },
];

/** Two iterations of a turn: call read_file, then answer from its output. */
async function runTurn(client: ModelClient, output = 'hello world') {
  const input: ConversationItem[] = [{ type: 'message', role: 'user', content: 'read "a.txt"' }];
  const first = await client.createResponse({ input, tools, parallelToolCalls: true }, { signal });
  if (!first.ok) return { first, second: first };
  const call = first.value.output.find((item) => item.type === 'function_call');
  const next: ModelRequest = {
    input: [...input, ...first.value.output, { type: 'function_call_output', call_id: call?.type === 'function_call' ? call.call_id : '', output }],
    tools,
    parallelToolCalls: true,
  };
  const second = await client.createResponse(next, { signal });
  return { first, second };
}

async function record() {
  const tape: TapeEntry[] = [];
  const original = await runTurn(createModelClient({ provider: 'auto', seed: 5 }, { onExchange: (entry) => tape.push(entry) }));
  return { tape, original };
}

describe('tape client', () => {
  it('replays a recording to identical responses and records it again', async () => {
    const { tape, original } = await record();
    expect(tape).toHaveLength(2);
    const again: TapeEntry[] = [];
    const replayClient = createModelClient({ provider: 'tape', tape }, { onExchange: (entry) => again.push(entry) });
    expect(replayClient.label).toBe('tape');
    const replayed = await runTurn(replayClient);
    expect(replayed).toEqual(original);
    expect(again.map((entry) => entry.response)).toEqual(tape.map((entry) => entry.response));
  });

  it('reports a request that differs from the recording with its path', async () => {
    const { tape } = await record();
    const replayed = await runTurn(createModelClient({ provider: 'tape', tape }, {}), 'something else');
    expect(replayed.first.ok).toBe(true);
    expect(replayed.second).toEqual({
      ok: false,
      error: { code: 'tape-mismatch', message: 'Request 2 differs from the recording at input[2].output: expected "hello world", got "something else".' },
    });
  });

  it('reports a request past the end of the recording', async () => {
    const { tape } = await record();
    const client = createModelClient({ provider: 'tape', tape: tape.slice(0, 1) }, {});
    const replayed = await runTurn(client);
    expect(replayed.second).toEqual({ ok: false, error: { code: 'tape-mismatch', message: 'Request 2 is past the end of the recording (1 recorded).' } });
  });

  it('replays a recorded provider error as the same error', async () => {
    const tape: TapeEntry[] = [];
    const strictClient = createModelClient({ provider: 'scripted', script: [] }, { onExchange: (entry) => tape.push(entry) });
    const loose: OfferedTool[] = [{ ...(tools[0] as Extract<OfferedTool, { type: 'function' }>), parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    const request: ModelRequest = { input: [{ type: 'message', role: 'user', content: 'x' }], tools: loose, parallelToolCalls: true };
    const original = await strictClient.createResponse(request, { signal });
    const replayed = await createModelClient({ provider: 'tape', tape }, {}).createResponse(request, { signal });
    expect(original.ok).toBe(false);
    expect(replayed).toEqual(original);
  });

  it('replays a Chat Completions recording through the compatible client', async () => {
    const tape: TapeEntry[] = [
      {
        status: 200,
        request: { model: 'llama3.1', messages: [{ role: 'user', content: 'hi' }] },
        response: { id: 'chatcmpl-1', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }] },
      },
    ];
    const client = createModelClient({ provider: 'tape', tape }, {});
    expect(client.supportsDeferredTools).toBe(false);
    const result = await client.createResponse({ input: [{ type: 'message', role: 'user', content: 'hi' }], tools: [], parallelToolCalls: true }, { signal });
    expect(result).toEqual({ ok: true, value: { id: 'chatcmpl-1', output: [{ type: 'message', role: 'assistant', content: 'Hello!' }] } });
  });
});
