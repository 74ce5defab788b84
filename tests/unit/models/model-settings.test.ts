import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ModelConfig } from '@/lib/contract';
import { type RuntimeEvent, type RuntimeEventOf, runTurn, type ModelSettings, defineTool } from '@/lib/runtime';
import { createWorkspaceTools } from '../support/sample-tools';
import { LOOPBACK_ALLOWED_ENV, startFakeProvider, type ReceivedRequest } from './fake-provider-server';

const weather = defineTool({
  name: 'get_weather',
  namespace: 'meteo',
  namespaceDescription: 'Weather services',
  description: 'Current weather for a city.',
  isReadOnly: true,
  schema: z.object({ city: z.string() }),
  execute: async (args) => `Sunny in ${args.city}`,
});

function runWith(model: ModelConfig, message: string, modelSettings?: ModelSettings, env = {}) {
  return runTurn({
    tools: [...createWorkspaceTools().all, weather],
    model: createModelClient(model, { env, timeoutMs: 5_000 }),
    input: [{ type: 'message', role: 'user', content: message }],
    request: { modelSettings },
    policy: { permissions: { mode: 'auto' } },
    host: { turnId: 'turn_settings' },
  });
}

const ofType = <T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) =>
  events.filter((event): event is RuntimeEventOf<T> => event.type === type);
const calledNames = (events: RuntimeEvent[]) => ofType(events, 'model-response').flatMap((event) => event.calls.map((call) => call.name));

describe('model settings with the embedded auto model', () => {
  it('tool_choice required forces a call the message does not ask for, then lets the model answer', async () => {
    const free = await runWith({ provider: 'auto', seed: 1 }, 'Hello there, how are you?');
    expect(calledNames(free.events)).toEqual([]);
    const forced = await runWith({ provider: 'auto', seed: 1 }, 'Hello there, how are you?', { tool_choice: 'required' });
    expect(calledNames(forced.events)).toHaveLength(1);
    expect(ofType(forced.events, 'model-request').map((event) => event.toolChoice)).toEqual(['required', 'auto']);
    expect(forced.reason).toBe('completed');
    expect(ofType(forced.events, 'turn-start')[0]?.modelSettings).toEqual({ tool_choice: 'required' });
  });

  it('tool_choice none forbids calls the message asks for, on every request', async () => {
    const outcome = await runWith({ provider: 'auto', seed: 1 }, 'Read "a.txt" please', { tool_choice: 'none' });
    expect(calledNames(outcome.events)).toEqual([]);
    expect(outcome).toMatchObject({ reason: 'completed', finalText: expect.stringContaining('tool_choice is none') });
  });

  it('a named tool is called, namespaced or not, whatever the message says', async () => {
    for (const seed of [1, 2, 3]) {
      const outcome = await runWith({ provider: 'auto', seed }, 'Read "a.txt" please', { tool_choice: { type: 'function', name: 'meteo.get_weather' } });
      expect(calledNames(outcome.events)[0]).toBe('meteo.get_weather');
      expect(ofType(outcome.events, 'model-request')[0]?.toolChoice).toBe('meteo.get_weather');
    }
  });

  it('a named tool the turn does not have ends the turn before any request, listing the tools', async () => {
    const outcome = await runWith({ provider: 'auto', seed: 1 }, 'hi', { tool_choice: { type: 'function', name: 'get_wether' } });
    expect(outcome).toMatchObject({ reason: 'error', error: 'tool_choice names "get_wether", which is not a tool of this turn; tools: read_file, write_file, delete_file, meteo.get_weather.' });
    expect(ofType(outcome.events, 'model-request')).toEqual([]);
  });

  it('parallel_tool_calls false makes the model call one tool at a time', async () => {
    const both = await runWith({ provider: 'auto', seed: 1 }, 'Read "a.txt" and then get the weather in Oslo');
    expect(ofType(both.events, 'model-response')[0]?.calls).toHaveLength(2);
    const one = await runWith({ provider: 'auto', seed: 1 }, 'Read "a.txt" and then get the weather in Oslo', { parallel_tool_calls: false });
    expect(ofType(one.events, 'model-response')[0]?.calls).toHaveLength(1);
  });
});

describe('model settings on the wire', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function capture(provider: 'openai' | 'openai-compatible', settings: ModelSettings): Promise<ReceivedRequest | undefined> {
    const server = await startFakeProvider(() => ({ kind: 'raw', status: 500, contentType: 'application/json', body: '{"error":{"message":"stop here"}}' }));
    close = server.close;
    await runWith({ provider, model: 'm', apiKey: 'sk-visitor-0123456789abcdefghij', baseURL: server.baseURL }, 'hi', settings, LOOPBACK_ALLOWED_ENV);
    return server.received[0];
  }

  const all: ModelSettings = { tool_choice: { type: 'function', name: 'meteo.get_weather' }, parallel_tool_calls: false, temperature: 0.2, max_output_tokens: 300 };

  it('OpenAI Responses: tool_choice, parallel_tool_calls, temperature and max_output_tokens as the API names them', async () => {
    expect((await capture('openai', all))?.body).toMatchObject({
      tool_choice: { type: 'function', name: 'get_weather' },
      parallel_tool_calls: false,
      temperature: 0.2,
      max_output_tokens: 300,
    });
    expect((await capture('openai', { tool_choice: 'required' }))?.body).toMatchObject({ tool_choice: 'required', parallel_tool_calls: true });
  });

  it('OpenAI-compatible Chat Completions: the namespaced tool by its flat name, max_tokens', async () => {
    expect((await capture('openai-compatible', all))?.body).toMatchObject({
      tool_choice: { type: 'function', function: { name: 'meteo__get_weather' } },
      parallel_tool_calls: false,
      temperature: 0.2,
      max_tokens: 300,
    });
    expect((await capture('openai-compatible', { tool_choice: 'required' }))?.body).toMatchObject({ tool_choice: 'required' });
  });

  it('sends none of them when none is set', async () => {
    const body = (await capture('openai', {}))?.body as Record<string, unknown>;
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['tool_choice']));
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('max_output_tokens');
  });
});
