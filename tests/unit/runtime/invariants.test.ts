import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient } from '@/lib/models/server/create-model-client';
import {
  defineTool,
  type ConversationItem,
  runTurn,
  type RunTurnOptions,
  type TurnOutcome,
  runtimeEventSchema,
  type RuntimeEvent,
  type RuntimeEventOf,
  type RuntimeEventType,
  type TurnEndReason,
  type Tool,
} from '@/lib/runtime';
import { createScriptedTestModel, userMessage, type TestStep } from '@/lib/runtime/testing';
import { createWorkspaceTools, sleep, slowEchoTool } from '../support/sample-tools';

/**
 * The invariants of docs/architecture.md ("Invariants"), one `describe` each, numbered as there.
 * Each test checks the invariant over a whole event stream, so it fails if the runtime breaks it.
 */

function run(steps: TestStep[], options: Partial<RunTurnOptions> = {}) {
  const model = createScriptedTestModel(steps);
  const promise = runTurn({ tools: createWorkspaceTools().all, model: model.client, input: [userMessage('go')], ...options, host: { turnId: 'turn_invariants', ...options.host } });
  return { model, promise };
}

function eventsOf<T extends RuntimeEventType>(events: RuntimeEvent[], type: T): RuntimeEventOf<T>[] {
  return events.filter((event): event is RuntimeEventOf<T> => event.type === type);
}

/** The index of the one event of `type` for `callId`; fails the test when there is none. */
function position(events: RuntimeEvent[], type: RuntimeEventType, callId: string): number {
  const index = events.findIndex((event) => event.type === type && 'callId' in event && event.callId === callId);
  expect(index, `${type} ${callId}`).toBeGreaterThanOrEqual(0);
  return index;
}

function countOf(events: RuntimeEvent[], type: RuntimeEventType, callId: string): number {
  return events.filter((event) => event.type === type && 'callId' in event && event.callId === callId).length;
}

const slow = slowEchoTool;

const finish = defineTool({
  name: 'finish',
  description: 'Ends the turn.',
  schema: z.object({}),
  isReadOnly: true,
  execute: () => ({ content: 'finished', endTurn: true }),
});

const looseStrict = defineTool({
  name: 'lookup',
  description: 'Look up by key; extra attributes allowed.',
  jsonSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: { type: 'string' } },
  execute: () => 'found',
});

const deferred = defineTool({
  name: 'lookup_account',
  namespace: 'crm',
  namespaceDescription: 'Customer accounts.',
  description: 'Look up a customer account by id.',
  schema: z.object({ accountId: z.string() }),
  isReadOnly: true,
  deferLoading: true,
  execute: (args) => `account ${args.accountId}`,
});

const forecast = defineTool({
  name: 'get_forecast',
  namespace: 'weather',
  namespaceDescription: 'Weather.',
  description: 'Tomorrow\'s forecast for a city.',
  schema: z.object({ city: z.string() }),
  isReadOnly: true,
  deferLoading: true,
  execute: (args) => `sunny in ${args.city}`,
});

describe('invariant 1: the first event is turn-start, the last turn-end, and seq is dense from 0', () => {
  const resultSchema = { type: 'object', properties: { done: { type: 'boolean' } }, required: ['done'], additionalProperties: false };
  const read = { name: 'read_file', arguments: '{"path":"a.txt"}' };
  const scenarios: { name: string; reason: TurnEndReason; start: () => Promise<TurnOutcome> }[] = [
    { name: 'a call, then an answer', reason: 'completed', start: () => run([{ calls: [read] }, { text: 'alpha' }]).promise },
    { name: 'a task submission', reason: 'completed', start: () => run([{ calls: [{ name: 'submit_result', arguments: '{"done":true}' }] }], { request: { mode: 'task', resultSchema } }).promise },
    { name: 'a tool that ends the turn', reason: 'tool-ended', start: () => run([{ calls: [{ name: 'finish', arguments: '{}' }] }], { tools: [finish] }).promise },
    { name: 'the iteration limit', reason: 'max-iterations', start: () => run([{ calls: [read] }], { request: { maxIterations: 1 } }).promise },
    { name: 'a failed model request', reason: 'error', start: () => run([{ fail: { code: 'request-failed', message: 'HTTP 500', status: 500 } }]).promise },
    { name: 'a strict schema that cannot be made strict', reason: 'error', start: () => run([], { tools: [looseStrict] }).promise },
    {
      name: 'an abort while a call runs',
      reason: 'aborted',
      start: () => {
        const controller = new AbortController();
        return run([{ calls: [{ name: 'slow', arguments: '{"label":"a","ms":5000}' }] }], {
          tools: [slow],
          host: { signal: controller.signal, onEvent: (event) => event.type === 'tool-call-start' && controller.abort() },
        }).promise;
      },
    },
  ];

  it.each(scenarios)('$name: ends $reason, framed by turn-start and turn-end, seq 0..n-1, every event valid on the wire', async ({ reason, start }) => {
    const outcome = await start();
    const { events } = outcome;
    expect(events[0]?.type).toBe('turn-start');
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason });
    expect(eventsOf(events, 'turn-start')).toHaveLength(1);
    expect(eventsOf(events, 'turn-end')).toHaveLength(1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(outcome.reason).toBe(reason);
    for (const event of events) expect(runtimeEventSchema.safeParse(event).error?.issues, `${event.seq} ${event.type}`).toBeUndefined();
  });
});

describe('invariant 2: every function_call gets exactly one tool-output; a tool_search_call gets a tool-search instead', () => {
  it('one output per call whatever happens to it; tool_search_call → tool-search only; a function_call named tool_search → both', async () => {
    const broken = defineTool({ name: 'broken', description: 'Always throws.', schema: z.object({}), isReadOnly: true, execute: () => { throw new Error('disk on fire'); } });
    const functionCalls = [
      { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'ok' },
      { name: 'read_fiel', arguments: '{}', callId: 'unknown' },
      { name: 'read_file', arguments: 'path is a.txt', callId: 'unparseable' },
      { name: 'write_file', arguments: '{"path":3}', callId: 'invalid' },
      { name: 'get_forecast', namespace: 'weather', arguments: '{"city":"Oslo"}', callId: 'not-loaded' },
      { name: 'broken', arguments: '{}', callId: 'throws' },
      { name: 'delete_file', arguments: '{"path":"a.txt"}', callId: 'denied' },
      { name: 'tool_search', arguments: '{"query":"account"}', callId: 'search-as-function' },
    ];
    const { promise } = run([{ search: { query: 'customer account', callId: 'search-call' }, calls: functionCalls }, { text: 'done' }], {
      tools: [...createWorkspaceTools().all, broken, deferred, forecast],
    });
    const outcome = await promise;
    expect(eventsOf(outcome.events, 'tool-search').map((event) => event.callId)).toEqual(['search-call', 'search-as-function']);
    for (const call of functionCalls) expect(countOf(outcome.events, 'tool-output', call.callId), call.callId).toBe(1);
    expect(countOf(outcome.events, 'tool-search', 'search-call')).toBe(1);
    expect(countOf(outcome.events, 'tool-output', 'search-call')).toBe(0);
    expect(countOf(outcome.events, 'tool-search', 'search-as-function')).toBe(1);
    expect(eventsOf(outcome.events, 'tool-output')).toHaveLength(functionCalls.length);
    expect(eventsOf(outcome.events, 'tool-output').map((event) => [event.callId, event.status])).toEqual(
      expect.arrayContaining([
        ['ok', 'success'],
        ['unknown', 'rejected'],
        ['unparseable', 'rejected'],
        ['invalid', 'rejected'],
        ['not-loaded', 'rejected'],
        ['throws', 'error'],
        ['denied', 'denied'],
        ['search-as-function', 'success'],
      ]),
    );
  });

  it('calls of batches that never ran get their one output too: after an abort and after a tool ended the turn', async () => {
    const controller = new AbortController();
    const aborted = await run(
      [{ calls: [{ name: 'slow', arguments: '{"label":"a","ms":5000}', callId: 'a1' }, { name: 'write_file', arguments: '{"path":"x","content":"y"}', callId: 'w1' }, { name: 'slow', arguments: '{"label":"b","ms":1}', callId: 'a2' }] }],
      { tools: [slow, ...createWorkspaceTools().all], host: { signal: controller.signal, onEvent: (event) => event.type === 'tool-call-start' && controller.abort() } },
    ).promise;
    expect(['a1', 'w1', 'a2'].map((callId) => countOf(aborted.events, 'tool-output', callId))).toEqual([1, 1, 1]);
    expect(['a1', 'w1', 'a2'].map((callId) => countOf(aborted.events, 'tool-call-start', callId))).toEqual([1, 0, 0]);

    const ended = await run([{ calls: [{ name: 'finish', arguments: '{}', callId: 'f1' }, { name: 'write_file', arguments: '{"path":"x","content":"y"}', callId: 'w1' }] }], {
      tools: [finish, ...createWorkspaceTools().all],
    }).promise;
    expect(ended.reason).toBe('tool-ended');
    expect(eventsOf(ended.events, 'tool-output').map((event) => [event.callId, event.status])).toEqual([
      ['f1', 'success'],
      ['w1', 'aborted'],
    ]);
  });

  it('so every function_call in the turn-end conversation has its function_call_output', async () => {
    const controller = new AbortController();
    const outcome = await run([{ calls: [{ name: 'slow', arguments: '{"label":"a","ms":5000}', callId: 'a1' }, { name: 'read_fiel', arguments: '{}', callId: 'u1' }] }], {
      tools: [slow],
      host: { signal: controller.signal, onEvent: (event) => event.type === 'tool-call-start' && controller.abort() },
    }).promise;
    const conversation = eventsOf(outcome.events, 'turn-end')[0]?.conversation ?? [];
    const calls = conversation.filter((item) => item.type === 'function_call').map((item) => item.call_id);
    const answered = conversation.filter((item) => item.type === 'function_call_output').map((item) => item.call_id);
    expect(calls).toEqual(['a1', 'u1']);
    expect(answered).toEqual(['a1', 'u1']);
  });
});

describe('invariant 3: nothing in lookup, repair, validation, policy, gate or execution throws out of the loop', () => {
  it('every failure is a model-visible output sent with the next request, and the turn goes on', async () => {
    const failing: Tool[] = [
      defineTool({ name: 'throws_sync', description: 'Throws.', schema: z.object({}), isReadOnly: true, execute: () => { throw new Error('sync boom'); } }),
      defineTool({ name: 'rejects', description: 'Rejects.', schema: z.object({}), isReadOnly: true, execute: async () => Promise.reject(new Error('async boom')) }),
      defineTool({ name: 'hangs', description: 'Never finishes.', schema: z.object({}), isReadOnly: true, timeoutMs: 20, execute: () => new Promise(() => undefined) }),
      defineTool({
        name: 'bad_label',
        description: 'Its activity label throws.',
        schema: z.object({}),
        isReadOnly: true,
        describeActivity: () => {
          throw new Error('label boom');
        },
        execute: () => 'labelled anyway',
      }),
      defineTool({
        name: 'bad_policy',
        description: 'Its approval check throws, so it asks; the approval channel fails.',
        schema: z.object({}),
        isReadOnly: true,
        needsApproval: () => {
          throw new Error('policy boom');
        },
        execute: () => 'never',
      }),
      defineTool({ name: 'bad_output', description: 'Returns what JSON cannot carry.', schema: z.object({}), isReadOnly: true, execute: () => ({ content: () => 'a function' }) }),
    ];
    const calls = [...failing.map((tool) => ({ name: tool.name, arguments: '{}', callId: tool.name })), { name: 'nope', arguments: '{', callId: 'nope' }];
    const { model, promise } = run([{ calls }, { text: 'recovered' }], {
      tools: failing,
      policy: { requestApproval: () => Promise.reject(new Error('approval channel down')) },
    });
    const outcome = await promise;
    expect(outcome).toMatchObject({ reason: 'completed', finalText: 'recovered' });
    const outputs = new Map(eventsOf(outcome.events, 'tool-output').map((event) => [event.callId, event]));
    expect(Object.fromEntries([...outputs].map(([callId, event]) => [callId, event.status]))).toEqual({
      throws_sync: 'error',
      rejects: 'error',
      hangs: 'timeout',
      bad_label: 'success',
      bad_policy: 'denied',
      bad_output: 'error',
      nope: 'rejected',
    });
    const sentBack = (model.requests[1]?.input ?? []).filter((item): item is Extract<ConversationItem, { type: 'function_call_output' }> => item.type === 'function_call_output');
    expect(sentBack.map((item) => item.call_id)).toEqual(calls.map((call) => call.callId));
    for (const item of sentBack) {
      expect(item.output, item.call_id).toBe(outputs.get(item.call_id)?.output);
      expect(item.output.length, item.call_id).toBeGreaterThan(0);
    }
  });
});

describe('invariant 4: outputs go back in model order, paired by call_id; tool-output events come in completion order', () => {
  it('three parallel calls finishing in reverse, a rejection between them, and a search call before them', async () => {
    const calls = [
      { name: 'slow', arguments: '{"label":"first","ms":60}', callId: 'x1' },
      { name: 'nope', arguments: '{}', callId: 'x2' },
      { name: 'slow', arguments: '{"label":"third","ms":30}', callId: 'x3' },
      { name: 'slow', arguments: '{"label":"fourth","ms":1}', callId: 'x4' },
    ];
    const { model, promise } = run([{ search: { query: 'account', callId: 's1' }, calls }, { text: 'ok' }], { tools: [slow, deferred] });
    const outcome = await promise;
    expect(eventsOf(outcome.events, 'tool-output').map((event) => event.callId)).toEqual(['x2', 'x4', 'x3', 'x1']);
    const input = model.requests[1]?.input ?? [];
    const sent = input.slice(input.findIndex((item) => item.type === 'tool_search_call'));
    expect(sent.map((item) => `${item.type} ${'call_id' in item ? item.call_id : ''}`)).toEqual([
      'tool_search_call s1',
      'function_call x1',
      'function_call x2',
      'function_call x3',
      'function_call x4',
      'tool_search_output s1',
      'function_call_output x1',
      'function_call_output x2',
      'function_call_output x3',
      'function_call_output x4',
    ]);
    const outputText = (callId: string) => input.find((item) => item.type === 'function_call_output' && item.call_id === callId);
    expect(outputText('x1')).toMatchObject({ output: 'first' });
    expect(outputText('x4')).toMatchObject({ output: 'fourth' });
  });
});

/** Checks invariant 5 over a turn: around each sequential call, every earlier call's output precedes its start, and its output precedes every later call's start. */
function expectSequentialBarriers(events: RuntimeEvent[]): number {
  let barriers = 0;
  for (const plan of eventsOf(events, 'dispatch-plan')) {
    const order = plan.batches.flatMap((batch) => batch.callIds);
    for (const batch of plan.batches.filter((candidate) => candidate.mode === 'sequential')) {
      expect(batch.callIds).toHaveLength(1);
      const barrier = batch.callIds[0] as string;
      const at = order.indexOf(barrier);
      const started = (callId: string) => events.findIndex((event) => event.type === 'tool-call-start' && event.callId === callId);
      for (const before of order.slice(0, at)) expect(position(events, 'tool-output', before), `${before} ends before ${barrier} starts`).toBeLessThan(position(events, 'tool-call-start', barrier));
      for (const after of order.slice(at + 1)) {
        if (started(after) === -1) continue;
        expect(position(events, 'tool-output', barrier), `${barrier} ends before ${after} starts`).toBeLessThan(started(after));
      }
      barriers += 1;
    }
  }
  return barriers;
}

describe('invariant 5: a sequential call runs alone, after everything before it and before everything after it', () => {
  it('reads around two writes: each write waits for the reads before it, and the reads after it wait for the write', async () => {
    const { promise } = run([
      {
        calls: [
          { name: 'read_file', arguments: '{"path":"a.txt","delayMs":30}', callId: 'r1' },
          { name: 'read_file', arguments: '{"path":"a.txt","delayMs":5}', callId: 'r2' },
          { name: 'write_file', arguments: '{"path":"a.txt","content":"beta"}', callId: 'w1' },
          { name: 'read_file', arguments: '{"path":"a.txt","delayMs":1}', callId: 'r3' },
          { name: 'write_file', arguments: '{"path":"a.txt","content":"gamma"}', callId: 'w2' },
          { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r4' },
        ],
      },
      { text: 'ok' },
    ]);
    const outcome = await promise;
    expect(eventsOf(outcome.events, 'dispatch-plan')[0]?.batches.map((batch) => batch.mode)).toEqual(['parallel', 'sequential', 'parallel', 'sequential', 'parallel']);
    expect(expectSequentialBarriers(outcome.events)).toBe(2);
    expect(eventsOf(outcome.events, 'tool-output').map((event) => [event.callId, event.output])).toEqual([
      ['r2', 'alpha'],
      ['r1', 'alpha'],
      ['w1', 'Wrote 4 bytes to a.txt'],
      ['r3', 'beta'],
      ['w2', 'Wrote 5 bytes to a.txt'],
      ['r4', 'gamma'],
    ]);
  });

  it('a call answered by hand holds the sequential call after it until its output is typed', async () => {
    const { promise } = run(
      [{ calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'o1' }, { name: 'write_file', arguments: '{"path":"a.txt","content":"beta"}', callId: 'w1' }] }, { text: 'ok' }],
      {
        policy: {
          answerByHand: ['read_file'],
          requestOutput: async () => {
            await sleep(30);
            return 'typed by hand';
          },
        },
      },
    );
    const outcome = await promise;
    expect(expectSequentialBarriers(outcome.events)).toBe(1);
    expect(position(outcome.events, 'tool-output-response', 'o1')).toBeLessThan(position(outcome.events, 'tool-call-start', 'w1'));
    expect(eventsOf(outcome.events, 'tool-output').map((event) => [event.callId, event.output])).toEqual([
      ['o1', 'typed by hand'],
      ['w1', 'Wrote 4 bytes to a.txt'],
    ]);
  });
});

/** Checks invariant 6 over a turn: a call's permission (and approval request) comes after every output of the batches before its own, and before its start. */
function expectPermissionPerBatch(events: RuntimeEvent[]): void {
  for (const plan of eventsOf(events, 'dispatch-plan')) {
    plan.batches.forEach((batch, index) => {
      const earlier = plan.batches.slice(0, index).flatMap((candidate) => candidate.callIds);
      for (const callId of batch.callIds) {
        const permission = position(events, 'tool-permission', callId);
        expect(permission, `permission ${callId} after the plan`).toBeGreaterThan(events.indexOf(plan));
        for (const before of earlier) expect(position(events, 'tool-output', before), `${before} ends before the permission of ${callId}`).toBeLessThan(permission);
        const start = events.findIndex((event) => event.type === 'tool-call-start' && event.callId === callId);
        if (start !== -1) expect(permission).toBeLessThan(start);
        const asked = events.findIndex((event) => event.type === 'tool-approval-request' && event.callId === callId);
        if (asked !== -1) for (const before of earlier) expect(position(events, 'tool-output', before)).toBeLessThan(asked);
      }
    });
  }
}

describe('invariant 6: tool-permission for a call is emitted when its batch is about to run, not before', () => {
  it("read, write, read: the write's permission comes after the first read's output, the last read's after the write's", async () => {
    const { promise } = run([
      {
        calls: [
          { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r1' },
          { name: 'write_file', arguments: '{"path":"a.txt","content":"beta"}', callId: 'w1' },
          { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r2' },
        ],
      },
      { text: 'ok' },
    ]);
    const { events } = await promise;
    expect(position(events, 'tool-permission', 'w1')).toBeGreaterThan(position(events, 'tool-output', 'r1'));
    expect(position(events, 'tool-permission', 'r2')).toBeGreaterThan(position(events, 'tool-output', 'w1'));
    expectPermissionPerBatch(events);
  });

  it('approvals are requested per batch: the second batch is asked only after the first batch has run', async () => {
    const asked: string[] = [];
    const { promise } = run(
      [{ calls: [{ name: 'delete_file', arguments: '{"path":"a.txt"}', callId: 'd1' }, { name: 'delete_file', arguments: '{"path":"b.txt"}', callId: 'd2' }] }, { text: 'ok' }],
      {
        policy: {
          requestApproval: async (request) => {
            asked.push(request.callId);
            return { approved: true };
          },
        },
      },
    );
    const { events } = await promise;
    expect(eventsOf(events, 'dispatch-plan')[0]?.batches).toEqual([
      { mode: 'sequential', callIds: ['d1'] },
      { mode: 'sequential', callIds: ['d2'] },
    ]);
    expect(asked).toEqual(['d1', 'd2']);
    expect(position(events, 'tool-approval-request', 'd2')).toBeGreaterThan(position(events, 'tool-output', 'd1'));
    expectPermissionPerBatch(events);
  });

  it('a denial in an earlier batch is decided before any later permission', async () => {
    const { promise } = run(
      [{ calls: [{ name: 'write_file', arguments: '{"path":"x","content":"y"}', callId: 'w1' }, { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r1' }] }, { text: 'ok' }],
      { policy: { permissions: { mode: 'read-only' } } },
    );
    const { events } = await promise;
    expect(eventsOf(events, 'tool-permission').map((event) => [event.callId, event.decision])).toEqual([
      ['w1', 'deny'],
      ['r1', 'allow'],
    ]);
    expectPermissionPerBatch(events);
  });
});

describe('invariant 7: a strict tool whose schema cannot be made strict ends the turn before any model-request', () => {
  it('turn-start, turn-end error naming the tool; the model is never called', async () => {
    const { model, promise } = run([{ text: 'never sent' }], { tools: [...createWorkspaceTools().all, looseStrict] });
    const outcome = await promise;
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'turn-end']);
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toMatch(/^Tool lookup is strict, but OpenAI would reject its schema and it cannot be made strict: /);
    expect(model.requests).toHaveLength(0);
    expect(model.remaining()).toBe(1);
  });

  it('the same schema on a non-strict tool is sent as it is', async () => {
    const lenient = defineTool({ name: 'lookup', strict: false, description: 'Look up by key.', jsonSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: { type: 'string' } }, execute: () => 'found' });
    const { model, promise } = run([{ text: 'hi' }], { tools: [lenient] });
    const outcome = await promise;
    expect(outcome.reason).toBe('completed');
    expect(model.requests[0]?.tools).toMatchObject([{ name: 'lookup', strict: false }]);
  });
});

describe('invariant 8: model-delta events sit between their model-request and model-response, and add up to it', () => {
  /** Every delta of an iteration lies after its request and before its response (or the turn-end). */
  function expectDeltasInPlace(events: RuntimeEvent[]) {
    for (const [index, event] of events.entries()) {
      if (event.type !== 'model-delta') continue;
      const request = events.findIndex((candidate) => candidate.type === 'model-request' && candidate.iteration === event.iteration);
      const response = events.findIndex((candidate) => candidate.type === 'model-response' && candidate.iteration === event.iteration);
      expect(request, `request of iteration ${event.iteration}`).toBeGreaterThanOrEqual(0);
      expect(index).toBeGreaterThan(request);
      expect(index).toBeLessThan(response === -1 ? events.length - 1 : response);
    }
  }

  it('each item of each streamed response, its deltas joined, is its text or arguments', async () => {
    const model = createModelClient({
      provider: 'scripted',
      script: [
        { text: 'Reading both files, then I will write the summary.', calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}' }, { name: 'write_file', arguments: '{"path":"b.txt","content":"a summary of alpha"}' }] },
        { text: 'Both done: a.txt read, b.txt written with the summary.' },
      ],
    });
    const outcome = await runTurn({ tools: createWorkspaceTools().all, model, input: [userMessage('go')], host: { turnId: 'turn_invariants' } });
    expect(outcome.reason).toBe('completed');
    expectDeltasInPlace(outcome.events);
    const deltas = eventsOf(outcome.events, 'model-delta');
    for (const response of eventsOf(outcome.events, 'model-response')) {
      const own = deltas.filter((delta) => delta.iteration === response.iteration);
      expect(own.filter((delta) => delta.kind === 'text').map((delta) => delta.delta).join('')).toBe(response.text);
      for (const call of response.calls) {
        expect(own.filter((delta) => delta.kind === 'arguments' && delta.callId === call.callId).map((delta) => delta.delta).join('')).toBe(call.arguments);
      }
    }
  });

  it('a stream cut off by an abort has its deltas before the turn-end and no response', async () => {
    const controller = new AbortController();
    const model = createModelClient({ provider: 'scripted', script: [{ text: 'A long answer that will be cut off by the user pressing Stop.', streamDelayMs: 20 }] });
    const outcome = await runTurn({
      tools: createWorkspaceTools().all,
      model,
      input: [userMessage('go')],
      host: { signal: controller.signal, onEvent: (event) => event.type === 'model-delta' && controller.abort() },
    });
    expect(outcome.reason).toBe('aborted');
    expectDeltasInPlace(outcome.events);
    expect(eventsOf(outcome.events, 'model-delta').length).toBeGreaterThan(0);
    expect(eventsOf(outcome.events, 'model-response')).toEqual([]);
  });
});
