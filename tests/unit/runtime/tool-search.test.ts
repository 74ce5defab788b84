import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  type ConversationItem,
  type ModelRequest,
  type OfferedFunction,
  type OfferedTool,
  runTurn,
  type RuntimeEvent,
} from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';

function ofType<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

type CatalogEntry = { name: string; namespace?: string; description: string; deferred: boolean };

const CATALOG: CatalogEntry[] = [
  { name: 'lookup_account', namespace: 'crm', description: 'Look up a customer account by id.', deferred: true },
  { name: 'search', namespace: 'crm', description: 'Search customer accounts by company name.', deferred: true },
  { name: 'list_invoices', namespace: 'billing', description: 'List invoices with amounts and due dates.', deferred: true },
  { name: 'issue_refund', namespace: 'billing', description: 'Refund a payment.', deferred: true },
  { name: 'search', namespace: 'tickets', description: 'Search support tickets by text.', deferred: true },
  { name: 'current_time', description: 'The current time in UTC.', deferred: false },
];

/** Tools that report which one ran, so routing by namespace is visible in the outputs. */
function createCatalog(): ReturnType<typeof defineTool>[] {
  return CATALOG.map((entry) =>
    defineTool({
      name: entry.name,
      ...(entry.namespace ? { namespace: entry.namespace, namespaceDescription: `The ${entry.namespace} system.` } : {}),
      description: entry.description,
      schema: z.object({ id: z.string().describe('An identifier or text') }),
      isReadOnly: true,
      deferLoading: entry.deferred,
      execute: (args) => `${entry.namespace ? `${entry.namespace}.` : ''}${entry.name}(${args.id})`,
    }),
  );
}

/** Qualified names of the functions a list of offered tools carries, with their full definitions. */
function flattenOffered(tools: readonly OfferedTool[]): Map<string, OfferedFunction> {
  const flat = new Map<string, OfferedFunction>();
  for (const tool of tools) {
    if (tool.type === 'function') flat.set(tool.name, tool);
    if (tool.type === 'namespace') for (const fn of tool.tools) flat.set(`${tool.name}.${fn.name}`, fn);
  }
  return flat;
}

/** The definitions a request's input has loaded: from `tool_search_output` items and `tool_search` function outputs. */
function loadedDefinitions(request: ModelRequest, searchCallIds: ReadonlySet<string>): Map<string, OfferedFunction> {
  const loaded = new Map<string, OfferedFunction>();
  for (const item of request.input) {
    const tools = readSearchOutputTools(item, searchCallIds);
    for (const [name, fn] of flattenOffered(tools)) loaded.set(name, fn);
  }
  return loaded;
}

function readSearchOutputTools(item: ConversationItem, searchCallIds: ReadonlySet<string>): OfferedTool[] {
  if (item.type === 'tool_search_output') return item.tools;
  if (item.type === 'function_call_output' && searchCallIds.has(item.call_id)) return (JSON.parse(item.output) as { tools: OfferedTool[] }).tools;
  return [];
}

describe('client-executed tool search', () => {
  it('loads exactly the matches: the payload carries their full definitions and offeredTools grows by exactly them', async () => {
    const model = createScriptedTestModel([
      { search: { query: 'customer account lookup', callId: 'ts1' } },
      { calls: [{ name: 'tool_search', arguments: '{"query":"invoices"}', callId: 'ts2' }] },
      {
        calls: [
          { name: 'lookup_account', namespace: 'crm', arguments: '{"id":"A1"}', callId: 'a' },
          { name: 'list_invoices', namespace: 'billing', arguments: '{"id":"A1"}', callId: 'b' },
        ],
      },
      { text: 'done' },
    ]);
    const outcome = await runTurn({ tools: createCatalog(), model: model.client, input: [userMessage('account A1 invoices')], host: { countTokens } });
    expect(outcome.reason).toBe('completed');

    const searches = ofType(outcome.events, 'tool-search');
    expect(searches.map((event) => [event.callId, event.iteration, event.execution, event.matches])).toEqual([
      ['ts1', 1, 'client', ['crm.lookup_account', 'crm.search']],
      ['ts2', 2, 'client', ['billing.list_invoices']],
    ]);

    // The tools array never changes within the turn: deferred functions stay `defer_loading` stubs.
    const firstTools = model.requests[0]?.tools;
    for (const request of model.requests) expect(request.tools).toEqual(firstTools);
    const deferredInPayload = [...flattenOffered(firstTools ?? [])].filter(([, fn]) => fn.defer_loading).map(([name]) => name);
    expect(deferredInPayload).toEqual(CATALOG.filter((entry) => entry.deferred).map((entry) => `${entry.namespace}.${entry.name}`));

    // What each request has loaded is exactly what the searches before it matched, with full parameters.
    const searchCallIds = new Set(['ts1', 'ts2']);
    const expectedLoaded = [[], ['crm.lookup_account', 'crm.search'], ['crm.lookup_account', 'crm.search', 'billing.list_invoices']];
    model.requests.forEach((request, index) => {
      const loaded = loadedDefinitions(request, searchCallIds);
      expect([...loaded.keys()], `request ${index + 1}`).toEqual(expectedLoaded[Math.min(index, 2)]);
      for (const fn of loaded.values()) {
        expect(fn.defer_loading).toBeUndefined();
        expect(fn.parameters).toMatchObject({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
      }
    });

    // offeredTools grows by exactly the loaded tools; the deferred count falls by as many.
    const requests = ofType(outcome.events, 'model-request');
    expect(requests.map((event) => [event.offeredTools, event.deferredCount])).toEqual([
      [['current_time', 'tool_search'], 5],
      [['crm.lookup_account', 'crm.search', 'current_time', 'tool_search'], 3],
      [['crm.lookup_account', 'crm.search', 'billing.list_invoices', 'current_time', 'tool_search'], 2],
      [['crm.lookup_account', 'crm.search', 'billing.list_invoices', 'current_time', 'tool_search'], 2],
    ]);

    // The meter counts o200k tokens of what the model sees: below everything loaded while all is deferred,
    // more with each load (the search tool and the stubs cost tokens too, so a small catalog can end above).
    const meter = requests.map((event) => event.toolTokens);
    expect(meter[0]!.sent).toBeLessThan(meter[0]!.allLoaded);
    expect(meter[1]!.sent).toBeGreaterThan(meter[0]!.sent);
    expect(meter[2]!.sent).toBeGreaterThan(meter[1]!.sent);
    expect(meter[3]).toEqual(meter[2]);
    expect(new Set(meter.map((tokens) => tokens!.allLoaded)).size).toBe(1);

    expect(ofType(outcome.events, 'tool-output').map((event) => [event.callId, event.name, event.status, event.output])).toEqual([
      ['ts2', 'tool_search', 'success', expect.stringContaining('"Loaded 1 tool: billing.list_invoices. They are callable now."')],
      ['a', 'crm.lookup_account', 'success', 'crm.lookup_account(A1)'],
      ['b', 'billing.list_invoices', 'success', 'billing.list_invoices(A1)'],
    ]);
  });

  it('answers a search with no match with an empty result and loads nothing', async () => {
    const model = createScriptedTestModel([
      { search: { query: 'zebra migration', callId: 'none' } },
      { calls: [{ name: 'search', namespace: 'tickets', arguments: '{"id":"x"}', callId: 'early' }] },
      { text: 'nothing to do' },
    ]);
    const outcome = await runTurn({ tools: createCatalog(), model: model.client, input: [userMessage('zebras')] });
    expect(ofType(outcome.events, 'tool-search')[0]).toMatchObject({ callId: 'none', matches: [] });
    expect(model.requests[1]?.input.find((item) => item.type === 'tool_search_output')).toEqual({
      type: 'tool_search_output',
      call_id: 'none',
      execution: 'client',
      tools: [],
    });
    expect(ofType(outcome.events, 'model-request').map((event) => event.deferredCount)).toEqual([5, 5, 5]);
    expect(ofType(outcome.events, 'tool-input-error')[0]).toMatchObject({ callId: 'early', name: 'tickets.search', code: 'not-loaded' });
    expect(outcome.reason).toBe('completed');
  });

  it('routes same-named tools by namespace in calls and events', async () => {
    const model = createScriptedTestModel([
      { search: { query: 'tickets and crm accounts', callId: 's' } },
      {
        calls: [
          { name: 'search', namespace: 'tickets', arguments: '{"id":"login"}', callId: 't' },
          { name: 'search', namespace: 'crm', arguments: '{"id":"Acme"}', callId: 'c' },
          { name: 'search', arguments: '{"id":"bare"}', callId: 'bare' },
        ],
      },
      { text: 'ok' },
    ]);
    const outcome = await runTurn({ tools: createCatalog(), model: model.client, input: [userMessage('search')] });
    expect(ofType(outcome.events, 'tool-search')[0]?.matches).toEqual(expect.arrayContaining(['crm.search', 'tickets.search']));
    expect(ofType(outcome.events, 'model-response')[1]?.calls.map((call) => call.name)).toEqual(['tickets.search', 'crm.search', 'search']);
    expect(ofType(outcome.events, 'tool-output').map((event) => [event.name, event.status, event.output])).toEqual([
      ['search', 'rejected', expect.stringContaining('Did you mean: crm.search, tickets.search?')],
      ['tickets.search', 'success', 'tickets.search(login)'],
      ['crm.search', 'success', 'crm.search(Acme)'],
    ]);
    // Back to the model in its own call order, paired by call_id.
    const outputs = outcome.conversation.flatMap((item) => (item.type === 'function_call_output' ? [item.call_id] : []));
    expect(outputs).toEqual(['t', 'c', 'bare']);
    expect(ofType(outcome.events, 'tool-input-error')[0]).toMatchObject({ callId: 'bare', code: 'unknown-tool' });
  });

  it('without search support offers every tool directly and says so', async () => {
    const model = createScriptedTestModel(
      [{ calls: [{ name: 'list_invoices', namespace: 'billing', arguments: '{"id":"A1"}', callId: 'direct' }] }, { text: 'ok' }],
      { supportsDeferredTools: false },
    );
    const outcome = await runTurn({ tools: createCatalog(), model: model.client, input: [userMessage('invoices')], host: { countTokens } });
    expect(ofType(outcome.events, 'tools-assembled')[0]?.deferralNote).toMatch(/no tool search/);
    expect(ofType(outcome.events, 'tools-assembled')[0]?.tools.every((tool) => !tool.deferred)).toBe(true);
    const request = ofType(outcome.events, 'model-request')[0];
    expect(request?.deferredCount).toBe(0);
    expect(request?.offeredTools).not.toContain('tool_search');
    expect(request?.toolTokens?.sent).toBe(request?.toolTokens?.allLoaded);
    expect([...flattenOffered(model.requests[0]?.tools ?? []).keys()]).toHaveLength(CATALOG.length);
    expect(ofType(outcome.events, 'tool-output')[0]).toMatchObject({ callId: 'direct', status: 'success', output: 'billing.list_invoices(A1)' });
  });
});
