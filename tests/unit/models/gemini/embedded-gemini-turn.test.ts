import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ModelConfig, TapeEntry } from '@/lib/contract';
import { defineTool, readConversation, runTurn, type ConversationItem, type RuntimeEvent } from '@/lib/runtime';
import { createWorkspaceTools, deferredWeatherTool } from '../../support/sample-tools';

const weather = defineTool({
  name: 'get_weather',
  namespace: 'meteo',
  namespaceDescription: 'Weather services',
  description: 'Current weather for a city.',
  isReadOnly: true,
  schema: z.object({ city: z.string() }),
  execute: async (args) => `Sunny in ${args.city}`,
});

async function runWith(model: ModelConfig, message: string, history: ConversationItem[] = []) {
  const tape: TapeEntry[] = [];
  const outcome = await runTurn({
    tools: [...createWorkspaceTools().all, weather],
    model: createModelClient(model, { onExchange: (entry) => tape.push(entry) }),
    input: [...history, { type: 'message', role: 'user', content: message }],
    policy: { permissions: { mode: 'auto' } },
    host: { turnId: 'turn_gemini' },
  });
  return { outcome, tape };
}

const kinds = (events: RuntimeEvent[]) => events.filter((event) => ['model-request', 'model-response', 'tool-output', 'turn-end'].includes(event.type)).map((event) => event.type);

describe('the embedded models answering in Gemini\'s wire format', () => {
  it('runs a whole turn through @google/genai: a call, its output, the answer', async () => {
    const { outcome, tape } = await runWith({ provider: 'auto', seed: 1, wire: 'gemini' }, 'Read "a.txt" please');
    expect(outcome.reason).toBe('completed');
    expect(outcome.finalText).toBe('read_file returned "alpha".');
    expect(kinds(outcome.events)).toEqual(['model-request', 'model-response', 'tool-output', 'model-request', 'model-response', 'turn-end']);
    expect(tape).toHaveLength(2);
    expect(tape[0]?.url).toBe('http://embedded.invalid/v1beta/models/embedded-auto:streamGenerateContent?alt=sse');
    expect(tape[0]?.streamed).toBe(true);
    const second = tape[1]?.request as { contents: { role: string; parts: Record<string, unknown>[] }[] };
    expect(second.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    const [callPart] = second.contents[1]?.parts ?? [];
    expect(callPart).toMatchObject({ functionCall: { name: 'read_file', args: { path: 'a.txt' } }, thoughtSignature: expect.any(String) });
    expect(second.contents[2]?.parts[0]).toMatchObject({ functionResponse: { id: (callPart?.functionCall as { id: string }).id, name: 'read_file', response: { output: 'alpha' } } });
  });

  it('qualifies namespaced functions and keeps thought signatures across turns', async () => {
    const first = await runWith({ provider: 'auto', seed: 1, wire: 'gemini' }, 'What is the weather in "Paris"?');
    expect(first.outcome.finalText).toBe('meteo.get_weather returned "Sunny in Paris".');
    const declared = (first.tape[0]?.request as { tools: { functionDeclarations: { name: string }[] }[] }).tools[0]?.functionDeclarations.map((fn) => fn.name);
    expect(declared).toContain('meteo.get_weather');
    const end = first.outcome.events.find((event) => event.type === 'turn-end');
    const conversation = (end?.type === 'turn-end' ? end.conversation : undefined) ?? [];
    const signed = conversation.find((item) => item.type === 'function_call');
    expect(signed).toMatchObject({ namespace: 'meteo', name: 'get_weather', thought_signature: expect.any(String) });
    const history = readConversation(conversation);
    if (!history.ok) throw new Error(history.error.message);
    const next = await runWith({ provider: 'auto', seed: 1, wire: 'gemini' }, 'Thanks', history.value);
    const sent = next.tape[0]?.request as { contents: { parts: Record<string, unknown>[] }[] };
    const parts = sent.contents.flatMap((content) => content.parts);
    expect(parts.find((part) => part.functionCall)?.thoughtSignature).toBe((signed as { thought_signature: string }).thought_signature);
  });
});

describe('deferred tools on Gemini\'s wire (Gemini has no tool search: the runtime\'s own one runs)', () => {
  it('declares tool_search instead of the deferred function, runs the search as the runtime\'s, then declares what it loaded', async () => {
    const tape: TapeEntry[] = [];
    const outcome = await runTurn({
      tools: [...createWorkspaceTools().all, deferredWeatherTool],
      model: createModelClient({ provider: 'auto', seed: 1, wire: 'gemini' }, { onExchange: (entry) => tape.push(entry) }),
      input: [{ type: 'message', role: 'user', content: 'What is the weather forecast in "Paris"?' }],
      policy: { permissions: { mode: 'auto' } },
      host: { turnId: 'turn_gemini_search' },
    });
    expect(outcome.reason).toBe('completed');
    expect(outcome.finalText).toBe('meteo.get_weather returned "Sunny in Paris".');
    const declared = (index: number) => (tape[index]?.request as { tools: { functionDeclarations: { name: string }[] }[] }).tools[0]?.functionDeclarations.map((fn) => fn.name) ?? [];
    expect(declared(0)).toContain('tool_search');
    expect(declared(0)).not.toContain('meteo.get_weather');
    const search = outcome.events.find((event) => event.type === 'tool-search');
    expect(search).toMatchObject({ execution: 'client', query: expect.stringContaining('weather'), matches: ['meteo.get_weather'] });
    // No call card for the search: it is on the timeline as the search it is.
    expect(outcome.events.some((event) => event.type === 'tool-output' && event.name === 'tool_search')).toBe(false);
    expect(declared(1)).toContain('meteo.get_weather');
    const second = tape[1]?.request as { contents: { role: string; parts: Record<string, unknown>[] }[] };
    expect(second.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(second.contents[1]?.parts[0]).toMatchObject({ functionCall: { name: 'tool_search', args: { query: expect.stringContaining('weather') } } });
    expect(second.contents[2]?.parts[0]).toMatchObject({ functionResponse: { name: 'tool_search', response: { output: { loaded: ['meteo.get_weather'] } } } });
    expect(tape).toHaveLength(3);
  });
});
