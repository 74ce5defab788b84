import { describe, expect, it } from 'vitest';
import { runTurn, defineTool } from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';

const echo = (name: string, deferLoading = false) =>
  defineTool({ name, description: `Tool ${name}.`, jsonSchema: { type: 'object', properties: {} }, deferLoading, execute: async () => 'ok' });

async function outputForUnknownCall(tools: ReturnType<typeof echo>[]): Promise<string | undefined> {
  const model = createScriptedTestModel([{ calls: [{ name: 'nope', arguments: '{}', callId: 'c1' }] }, { text: 'done' }]);
  const outcome = await runTurn({ tools, model: model.client, input: [userMessage('go')] });
  const event = outcome.events.find((candidate) => candidate.type === 'tool-output');
  return event?.type === 'tool-output' ? event.output : undefined;
}

describe('the answer to a call of a tool that does not exist', () => {
  it('lists at most 30 callable tools and counts the rest', async () => {
    const tools = Array.from({ length: 45 }, (_, index) => echo(`tool_${String(index).padStart(2, '0')}`));
    const output = await outputForUnknownCall(tools);
    expect(output).toBe(`Error: Unknown tool "nope". Available tools: ${tools.slice(0, 30).map((tool) => tool.name).join(', ')} and 15 more.`);
  });

  it('leaves deferred tools out of the list and says how to find them', async () => {
    const output = await outputForUnknownCall([echo('open_one'), ...Array.from({ length: 1200 }, (_, index) => echo(`deferred_${index}`, true))]);
    expect(output).toBe('Error: Unknown tool "nope". Available tools: open_one. 1200 more are deferred: find them with tool_search.');
  });
});
