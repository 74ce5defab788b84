import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { TapeEntry } from '@/lib/contract';
import type { ModelRequest } from '@/lib/runtime';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type FakeReply } from './fake-provider-server';

const request: ModelRequest = {
  instructions: 'Be brief.',
  input: [
    { type: 'message', role: 'user', content: 'Find Ada and read notes.txt' },
    { type: 'message', role: 'assistant', content: 'On it.' },
    { type: 'function_call', call_id: 'call_1', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Ada"}' },
    { type: 'function_call', call_id: 'call_2', name: 'read_file', arguments: '{"path":"notes.txt"}' },
    { type: 'function_call_output', call_id: 'call_1', output: '{"id":7}' },
    { type: 'function_call_output', call_id: 'call_2', output: 'hello' },
  ],
  tools: [
    { type: 'function', name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false }, strict: true },
    { type: 'namespace', name: 'crm', description: 'Customers', tools: [{ type: 'function', name: 'find_customer', description: 'Find a customer', parameters: { type: 'object', properties: {} }, strict: false }] },
  ],
  parallelToolCalls: true,
};

const completion = {
  id: 'chatcmpl-123',
  object: 'chat.completion',
  created: 1741569952,
  model: 'llama3.1',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_abc', type: 'function', function: { name: 'crm__find_customer', arguments: '{"name":"Grace"}' } },
          { id: 'call_def', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"' } },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(reply: FakeReply) {
  const server = await startFakeProvider(() => reply);
  close = server.close;
  const tape: TapeEntry[] = [];
  const client = createModelClient(
    { provider: 'openai-compatible', model: 'llama3.1', baseURL: server.baseURL, apiKey: 'local-secret-key-123' },
    { onExchange: (entry) => tape.push(entry), timeoutMs: 2_000, env: LOOPBACK_ALLOWED_ENV },
  );
  const result = await client.createResponse(request, { signal: new AbortController().signal });
  return { result, server, client, tape };
}

describe('OpenAI-compatible client', () => {
  it('translates tools and conversation to Chat Completions and the choice back', async () => {
    const { result, server, client, tape } = await run({ kind: 'json', status: 200, body: completion });
    expect(client.supportsDeferredTools).toBe(false);
    expect(client.label).toBe('openai-compatible:llama3.1');
    expect(server.received[0]?.path).toBe('/v1/chat/completions');
    expect(server.received[0]?.body).toMatchObject({
      model: 'llama3.1',
      parallel_tool_calls: true,
      tools: [
        { type: 'function', function: { name: 'read_file', description: 'Read a file', strict: true } },
        { type: 'function', function: { name: 'crm__find_customer', description: 'Find a customer', strict: false } },
      ],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Find Ada and read notes.txt' },
        {
          role: 'assistant',
          content: 'On it.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'crm__find_customer', arguments: '{"name":"Ada"}' } },
            { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"notes.txt"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"id":7}' },
        { role: 'tool', tool_call_id: 'call_2', content: 'hello' },
      ],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'chatcmpl-123',
        output: [
          { type: 'message', role: 'assistant', content: 'Checking.' },
          { type: 'function_call', call_id: 'call_abc', name: 'find_customer', namespace: 'crm', arguments: '{"name":"Grace"}' },
          { type: 'function_call', call_id: 'call_def', name: 'read_file', arguments: '{"path":"a.txt"' },
        ],
        usage: { inputTokens: 82, outputTokens: 17, totalTokens: 99 },
      },
    });
    expect(JSON.stringify(tape)).not.toContain('local-secret-key-123');
  });

  it('maps a server error with its message', async () => {
    const { result } = await run({ kind: 'json', status: 404, body: { error: { message: 'model "llama9" not found, try pulling it first', type: 'api_error' } } });
    expect(result).toEqual({ ok: false, error: { code: 'request-failed', status: 404, message: 'model "llama9" not found, try pulling it first' } });
  });

  it('maps a body without choices to response-malformed', async () => {
    const { result } = await run({ kind: 'json', status: 200, body: { id: 'x', choices: [] } });
    expect(result).toMatchObject({ ok: false, error: { code: 'response-malformed', message: expect.stringContaining('choices[0]') } });
  });
});
