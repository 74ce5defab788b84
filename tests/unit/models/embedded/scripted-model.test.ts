import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { TapeEntry } from '@/lib/contract';
import type { ConversationItem, ModelRequest, OfferedTool } from '@/lib/runtime';

const signal = new AbortController().signal;
const readFile: OfferedTool = {
  type: 'function',
  name: 'read_file',
  description: 'Read a file',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  strict: true,
};

function ask(input: ConversationItem[], tools: OfferedTool[] = [readFile]): ModelRequest {
  return { input, tools, parallelToolCalls: true };
}

describe('scripted embedded model', () => {
  const client = createModelClient(
    {
      provider: 'scripted',
      script: [
        { text: 'Reading.', calls: [{ name: 'read_file', arguments: "{'path': 'a.txt',}" }, { name: 'lookup', namespace: 'crm', arguments: '{"id":1}' }] },
        { text: 'All done.' },
      ],
    },
    {},
  );

  it('answers step 1 with text and calls, malformed arguments passed through verbatim', async () => {
    const result = await client.createResponse(ask([{ type: 'message', role: 'user', content: 'go' }]), { signal });
    expect(client.label).toBe('embedded:scripted');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.id).toMatch(/^resp_[0-9a-f]{24}$/);
    const [message, first, second] = result.value.output;
    expect(message).toEqual({ type: 'message', role: 'assistant', content: 'Reading.' });
    expect(first).toMatchObject({ type: 'function_call', name: 'read_file', arguments: "{'path': 'a.txt',}" });
    expect(first && 'call_id' in first && first.call_id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(first && 'id' in first && first.id).toMatch(/^fc_/);
    expect(second).toMatchObject({ type: 'function_call', name: 'lookup', namespace: 'crm', arguments: '{"id":1}' });
    expect(result.value.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('answers by the number of model turns in the input, and ends past the script', async () => {
    const input: ConversationItem[] = [
      { type: 'message', role: 'user', content: 'go' },
      { type: 'message', role: 'assistant', content: 'Reading.' },
      { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'x' },
    ];
    const second = await client.createResponse(ask(input), { signal });
    expect(second.ok && second.value.output).toEqual([{ type: 'message', role: 'assistant', content: 'All done.' }]);
    const third = await client.createResponse(ask([...input, { type: 'message', role: 'assistant', content: 'All done.' }, { type: 'message', role: 'user', content: 'more' }]), { signal });
    expect(third.ok && third.value.output).toEqual([{ type: 'message', role: 'assistant', content: '(The script has no step 3; ending the turn.)' }]);
  });

  it('gives the same ids for the same conversation', async () => {
    const input: ConversationItem[] = [{ type: 'message', role: 'user', content: 'go' }];
    const first = await client.createResponse(ask(input), { signal });
    const again = await client.createResponse(ask(input), { signal });
    expect(again).toEqual(first);
  });

  it('answers a strict schema OpenAI would reject with OpenAI\'s 400', async () => {
    const tape: TapeEntry[] = [];
    const strictClient = createModelClient({ provider: 'scripted', script: [{ text: 'hi' }] }, { onExchange: (entry) => tape.push(entry) });
    const loose: OfferedTool = { ...readFile, parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };
    const result = await strictClient.createResponse(ask([{ type: 'message', role: 'user', content: 'go' }], [loose]), { signal });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('request-failed');
    expect(result.error.status).toBe(400);
    expect(result.error.message).toMatch(/^Invalid schema for function 'read_file': In context=\(\)/);
    expect(tape[0]).toMatchObject({
      status: 400,
      response: { error: { type: 'invalid_request_error', param: 'tools[0].parameters', code: 'invalid_function_parameters' } },
    });
  });

  it('rejects a function name OpenAI would reject', async () => {
    const bad: OfferedTool = { ...readFile, name: 'read file', strict: false };
    const result = await client.createResponse(ask([{ type: 'message', role: 'user', content: 'go' }], [bad]), { signal });
    expect(result).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining("Invalid 'tools[0].name'") } });
  });

  it('checks functions inside namespaces with their path', async () => {
    const namespaced: OfferedTool = { type: 'namespace', name: 'fs', description: 'Files', tools: [{ ...readFile, parameters: { type: 'object', properties: {} } }] };
    const result = await client.createResponse(ask([{ type: 'message', role: 'user', content: 'go' }], [namespaced]), { signal });
    expect(result).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining("Invalid schema for function 'read_file'") } });
  });
});
