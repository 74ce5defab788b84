import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ModelConfig } from '@/lib/contract';
import { defineTool, reduceRuntimeEvents, runTurn, type RuntimeEvent } from '@/lib/runtime';
import { createWorkspaceTools, deferredWeatherTool } from '../../support/sample-tools';

const weather = deferredWeatherTool;

async function runWith(model: ModelConfig, message: string) {
  return runTurn({
    tools: [...createWorkspaceTools().all, weather],
    model: createModelClient(model, {}),
    input: [{ type: 'message', role: 'user', content: message }],
    policy: { permissions: { mode: 'auto' } },
    host: { turnId: 'turn_auto' },
  });
}

const trace = (events: RuntimeEvent[]) =>
  events
    // Streamed deltas are checked in tests/unit/runtime/streaming-turn.test.ts; here only the decisions matter.
    .filter((event) => !['turn-start', 'tools-assembled', 'dispatch-plan', 'tool-permission', 'tool-call-start', 'model-delta'].includes(event.type))
    .map((event) => (event.type === 'tool-input-error' ? `${event.type}:${event.code}` : event.type === 'tool-output' ? `${event.type}:${event.status}` : event.type));

describe('auto model driving a real turn', () => {
  it('calls, reads the output and answers', async () => {
    const outcome = await runWith({ provider: 'auto', seed: 1 }, 'Read "a.txt" please');
    expect(outcome.reason).toBe('completed');
    expect(outcome.finalText).toBe('read_file returned "alpha".');
  });

  it('searches for a deferred tool, then calls it', async () => {
    const outcome = await runWith({ provider: 'auto', seed: 1 }, 'What is the weather in "Paris"?');
    expect(trace(outcome.events)).toEqual([
      'model-request', 'model-response', 'tool-search',
      'model-request', 'model-response', 'tool-input-available', 'tool-output:success',
      'model-request', 'model-response', 'turn-end',
    ]);
    expect(outcome.finalText).toBe('meteo.get_weather returned "Sunny in Paris".');
  });

  it('has its malformed JSON repaired and retries after a rejected fault', async () => {
    const repaired = await runWith({ provider: 'auto', seed: 1, faults: { rate: 1, kinds: ['malformed-json'] } }, 'Read "a.txt"');
    expect(trace(repaired.events)).toContain('tool-input-repair');
    expect(repaired.finalText).toBe('read_file returned "alpha".');
    const retried = await runWith({ provider: 'auto', seed: 1, faults: { rate: 1, kinds: ['unknown-tool'] } }, 'Read "a.txt"');
    expect(trace(retried.events).slice(0, 5)).toEqual(['model-request', 'model-response', 'tool-input-error:unknown-tool', 'tool-output:rejected', 'model-request']);
    expect(retried.finalText).toBe('read_file returned "alpha".');
  });

  it('says on the call when it clamped the arguments it generated', async () => {
    const tagItems = defineTool({
      name: 'tag_items',
      description: 'Tag the items with labels.',
      jsonSchema: { type: 'object', properties: { labels: { type: 'array', minItems: 5000, items: { type: 'string' } } }, required: ['labels'] },
      execute: async () => 'tagged',
    });
    const outcome = await runTurn({
      tools: [tagItems],
      model: createModelClient({ provider: 'auto', seed: 1 }, {}),
      input: [{ type: 'message', role: 'user', content: 'Tag the items' }],
      policy: { permissions: { mode: 'auto' } },
      host: { turnId: 'turn_clamped' },
    });
    const response = outcome.events.find((event) => event.type === 'model-response');
    const notes = ['Generated, not in your message: /labels', '/labels: minItems 5000 clamped to 16'];
    expect(response).toMatchObject({ calls: [{ name: 'tag_items', notes }] });
    const callId = response?.type === 'model-response' ? (response.calls[0]?.callId ?? '') : '';
    expect(reduceRuntimeEvents(outcome.events).calls[callId]?.argumentNotes).toEqual(notes);
  });
});
