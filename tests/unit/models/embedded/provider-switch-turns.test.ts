import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { EmbeddedWire } from '@/lib/contract';
import { runTurn, type ConversationItem, type TurnOutcome } from '@/lib/runtime';
import { createWorkspaceTools, deferredWeatherTool } from '../../support/sample-tools';

/** One turn of the auto model on `wire`, continuing `conversation`. */
async function runOn(wire: EmbeddedWire, conversation: ConversationItem[], message: string): Promise<TurnOutcome> {
  return runTurn({
    tools: [...createWorkspaceTools().all, deferredWeatherTool],
    model: createModelClient({ provider: 'auto', seed: 3, wire }, {}),
    input: [...conversation, { type: 'message', role: 'user', content: message }],
    policy: { permissions: { mode: 'auto' } },
    host: { turnId: `turn_${wire}` },
  });
}

const callsOf = (outcome: TurnOutcome) => outcome.events.flatMap((event) => (event.type === 'tool-output' ? [`${event.name}:${event.status}`] : []));

describe('a conversation that switches provider between turns', () => {
  it.each([
    ['anthropic', 'gemini', 'openai'],
    ['gemini', 'openai', 'anthropic'],
    ['openai', 'anthropic', 'gemini'],
  ] as const)('%s → %s → %s: each turn reads the earlier turns’ calls, searches and outputs in its own wire format', async (first, second, third) => {
    const one = await runOn(first, [], 'What is the weather in "Paris"?');
    expect(one.reason).toBe('completed');
    // The model names the tool as its wire showed it (Anthropic's qualified form is meteo__get_weather).
    expect(one.finalText).toMatch(/^meteo(\.|__)get_weather returned "Sunny in Paris"\.$/);
    expect(callsOf(one)).toEqual(['meteo.get_weather:success']);

    const two = await runOn(second, one.conversation, 'Read "a.txt" please');
    expect(two.reason).toBe('completed');
    expect(callsOf(two)).toEqual(['read_file:success']);
    expect(two.finalText).toBe('read_file returned "alpha".');
    // The conversation keeps the first turn's call and output, now followed by the second's.
    expect(two.conversation.length).toBeGreaterThan(one.conversation.length);
    expect(JSON.stringify(two.conversation)).toContain('Sunny in Paris');

    const three = await runOn(third, two.conversation, 'Read "a.txt" again');
    expect(three.reason).toBe('completed');
    expect(three.finalText).toBe('read_file returned "alpha".');
    expect(JSON.stringify(three.conversation)).toContain('Sunny in Paris');
  });
});
