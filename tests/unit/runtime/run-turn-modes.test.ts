import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runTurn, type RuntimeEvent } from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../support/sample-tools';

const resultSchema = {
  type: 'object',
  properties: { summary: { type: 'string', minLength: 5 }, files: { type: 'integer', minimum: 0 } },
  required: ['summary', 'files'],
  additionalProperties: false,
};

function ofType<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

describe('task mode', () => {
  it('offers only read tools plus submit_result, rejects an invalid submission and accepts the next', async () => {
    const model = createScriptedTestModel([
      { calls: [{ name: 'submit_result', arguments: '{"summary":"x","files":-1}', callId: 's1' }] },
      { calls: [{ name: 'submit_result', arguments: '{"summary":"one file","files":1}', callId: 's2' }] },
    ]);
    const outcome = await runTurn({ tools: createWorkspaceTools().all, model: model.client, input: [userMessage('summarize')], request: { mode: 'task', resultSchema } });
    expect(ofType(outcome.events, 'tools-assembled')[0]?.tools.map((tool) => `${tool.qualifiedName}:${tool.source}`)).toEqual(['read_file:module', 'submit_result:builtin']);
    expect(ofType(outcome.events, 'tool-output').map((event) => [event.callId, event.status])).toEqual([['s1', 'rejected'], ['s2', 'success']]);
    expect(ofType(outcome.events, 'tool-input-error')[0]?.issues).toEqual([
      { path: '/files', message: 'must be at least 0' },
      { path: '/summary', message: 'must be at least 5 characters long' },
    ]);
    expect(outcome.reason).toBe('completed');
    expect(outcome.result).toEqual({ summary: 'one file', files: 1 });
    expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', result: { summary: 'one file', files: 1 } });
  });
});

describe('strict schemas', () => {
  const loose = defineTool({
    name: 'lookup',
    description: 'Look up by key; extra attributes allowed.',
    jsonSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: { type: 'string' } },
    execute: () => 'found',
  });

  it('refuses a strict tool the provider would reject, before any model request', async () => {
    const model = createScriptedTestModel([]);
    const outcome = await runTurn({ tools: [loose], model: model.client, input: [userMessage('go')] });
    expect(model.requests).toHaveLength(0);
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'turn-end']);
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toMatch(/^Tool lookup is strict, but OpenAI would reject its schema and it cannot be made strict: /);
  });

  it('sends an optional field strictified and gives execute the field absent, not null', async () => {
    const seen: unknown[] = [];
    const search = defineTool({
      name: 'search',
      description: 'Search notes.',
      schema: z.object({ query: z.string(), limit: z.number().int().optional() }),
      isReadOnly: true,
      execute: (args) => {
        seen.push(args);
        return 'no results';
      },
    });
    const model = createScriptedTestModel([{ calls: [{ name: 'search', arguments: '{"query":"q","limit":null}', callId: 'n1' }] }, { text: 'none' }]);
    const outcome = await runTurn({ tools: [search], model: model.client, input: [userMessage('find q')] });
    const sent = model.requests[0]?.tools[0];
    expect(sent).toMatchObject({ type: 'function', name: 'search', strict: true, parameters: { required: ['query', 'limit'] } });
    expect(ofType(outcome.events, 'tools-assembled')[0]?.tools[0]).toMatchObject({ strictified: true });
    expect(ofType(outcome.events, 'tool-input-available')[0]).toMatchObject({ input: { query: 'q', limit: null }, restoredInput: { query: 'q' } });
    expect(seen).toEqual([{ query: 'q' }]);
  });
});

describe('deferred tools and search', () => {
  const crm = ['lookup_account', 'list_invoices'].map((name) =>
    defineTool({
      name,
      namespace: 'crm',
      namespaceDescription: 'Customer accounts and billing.',
      description: name === 'lookup_account' ? 'Look up a customer account by id.' : 'List invoices of an account.',
      schema: z.object({ accountId: z.string() }),
      isReadOnly: true,
      deferLoading: true,
      execute: (args) => `${name}(${args.accountId})`,
    }),
  );

  it('rejects a call before loading, then searches, then calls', async () => {
    const model = createScriptedTestModel([
      { calls: [{ name: 'lookup_account', namespace: 'crm', arguments: '{"accountId":"A1"}', callId: 'early' }] },
      { search: { query: 'customer account lookup', callId: 'ts1' } },
      { calls: [{ name: 'lookup_account', namespace: 'crm', arguments: '{"accountId":"A1"}', callId: 'late' }] },
      { text: 'Found A1.' },
    ]);
    const outcome = await runTurn({ tools: crm, model: model.client, input: [userMessage('look up account A1')], host: { countTokens: (text) => text.length } });
    const meter = ofType(outcome.events, 'model-request').map((event) => event.toolTokens);
    expect(meter[0]!.sent).toBeLessThan(meter[0]!.allLoaded);
    expect(meter[2]!.sent).toBeGreaterThan(meter[0]!.sent);
    expect(meter[0]!.allLoaded).toBe(meter[2]!.allLoaded);
    expect(ofType(outcome.events, 'tool-input-error')[0]).toMatchObject({ callId: 'early', name: 'crm.lookup_account', code: 'not-loaded' });
    expect(ofType(outcome.events, 'tool-search')[0]).toMatchObject({ callId: 'ts1', execution: 'client', matches: ['crm.lookup_account', 'crm.list_invoices'] });
    expect(ofType(outcome.events, 'tool-output').map((event) => [event.callId, event.status, event.output])).toEqual([
      ['early', 'rejected', 'Error: Tool "crm.lookup_account" is deferred and not loaded yet. Call tool_search first with a query describing what you need; the tools it returns become callable on your next step.'],
      ['late', 'success', 'lookup_account(A1)'],
    ]);
    expect(ofType(outcome.events, 'model-request').map((event) => [event.offeredTools, event.deferredCount])).toEqual([
      [['tool_search'], 2],
      [['tool_search'], 2],
      [['crm.lookup_account', 'crm.list_invoices', 'tool_search'], 0],
      [['crm.lookup_account', 'crm.list_invoices', 'tool_search'], 0],
    ]);
    const searchOutput = model.requests[2]?.input.find((item) => item.type === 'tool_search_output');
    expect(searchOutput).toMatchObject({ call_id: 'ts1', tools: [{ type: 'namespace', name: 'crm', tools: [{ name: 'lookup_account' }, { name: 'list_invoices' }] }] });
    expect(model.requests[0]?.tools[0]).toMatchObject({ type: 'namespace', name: 'crm', tools: [{ defer_loading: true }, { defer_loading: true }] });
  });

  it('offers deferred tools directly when the model has no search', async () => {
    const model = createScriptedTestModel([{ text: 'hi' }], { supportsDeferredTools: false });
    const outcome = await runTurn({ tools: crm, model: model.client, input: [userMessage('hi')] });
    expect(ofType(outcome.events, 'tools-assembled')[0]?.deferralNote).toMatch(/no tool search/);
    expect(model.requests[0]?.tools).toMatchObject([{ type: 'namespace', tools: [{ name: 'lookup_account' }, { name: 'list_invoices' }] }]);
    expect(JSON.stringify(model.requests[0]?.tools)).not.toContain('defer_loading');
  });
});
