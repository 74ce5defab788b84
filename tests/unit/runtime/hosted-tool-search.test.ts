import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ConversationItem, type ModelClient, type ModelRequest, ok, runTurn } from '@/lib/runtime';
import { userMessage } from '@/lib/runtime/testing';

const forecast = defineTool({
  name: 'get_forecast',
  namespace: 'weather',
  description: 'Weather forecast for a city.',
  schema: z.object({ city: z.string() }),
  isReadOnly: true,
  deferLoading: true,
  execute: (args) => `Sunny in ${args.city}`,
});

/** A provider that runs tool search itself: the search call and its output arrive in one response. */
function createHostedSearchModel(responses: ConversationItem[][]) {
  const requests: ModelRequest[] = [];
  const client: ModelClient = {
    label: 'test:hosted',
    hostedToolSearch: true,
    supportsDeferredTools: true,
    async createResponse(request) {
      requests.push(structuredClone(request));
      const output = responses[requests.length - 1];
      if (!output) throw new Error(`No scripted response for request ${requests.length}.`);
      return ok({ id: `resp_${requests.length}`, output });
    },
  };
  return { client, requests };
}

describe('hosted tool search', () => {
  it('sends tool_search natively, shows the provider-run search, and lets the loaded tool run', async () => {
    const model = createHostedSearchModel([
      [
        { type: 'tool_search_call', call_id: 'ts_1', arguments: { query: 'weather in Lisbon' }, execution: 'server' },
        {
          type: 'tool_search_output',
          call_id: 'ts_1',
          execution: 'server',
          tools: [{ type: 'namespace', name: 'weather', description: 'weather', tools: [{ type: 'function', name: 'get_forecast', description: 'Weather forecast for a city.', parameters: {}, strict: true }] }],
        },
        { type: 'function_call', call_id: 'c1', name: 'get_forecast', namespace: 'weather', arguments: '{"city":"Lisbon"}' },
      ],
      [{ type: 'message', role: 'assistant', content: 'Sunny.' }],
    ]);
    const outcome = await runTurn({ tools: [forecast], model: model.client, input: [userMessage('weather in Lisbon?')] });
    expect(model.requests[0]?.tools).toEqual([
      expect.objectContaining({ type: 'namespace', name: 'weather', tools: [expect.objectContaining({ name: 'get_forecast', defer_loading: true })] }),
      { type: 'tool_search' },
    ]);
    expect(outcome.events.find((event) => event.type === 'tool-search')).toMatchObject({ callId: 'ts_1', execution: 'server', query: 'weather in Lisbon', matches: ['weather.get_forecast'] });
    expect(outcome.events.filter((event) => event.type === 'tool-output').map((event) => [event.callId, event.status, event.output])).toEqual([['c1', 'success', 'Sunny in Lisbon']]);
    expect(outcome.finalText).toBe('Sunny.');
  });
});
