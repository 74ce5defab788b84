import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineTool,
  ToolDefinitionError,
  reduceRuntimeEvents,
  runTurn,
  type RunTurnOptions,
  type RuntimeEvent,
  type Tool,
} from '@/lib/runtime';
import type { ManualOutputHandler, ManualOutputRequest } from '@/lib/runtime/call/manual-output';
import { createScriptedTestModel, userMessage, type TestStep } from '@/lib/runtime/testing';

const orderOutput = z.object({ status: z.enum(['open', 'shipped']), items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })) });

/** A read-only lookup with no execute: every call is answered by a person. */
const getOrder = defineTool({
  name: 'get_order',
  description: 'Look an order up by id.',
  schema: z.object({ id: z.string() }),
  isReadOnly: true,
  outputSchema: orderOutput,
});

/** A tool without an output schema and without execute: any text goes. */
const askColleague = defineTool({ name: 'ask_colleague', description: 'Ask a colleague.', schema: z.object({ question: z.string() }), isReadOnly: true });

function run(tools: Tool[], steps: TestStep[], options: Partial<RunTurnOptions> = {}) {
  const model = createScriptedTestModel(steps);
  const outcome = runTurn({ tools, model: model.client, input: [userMessage('go')], ...options, host: { turnId: 'turn_by_hand', ...options.host } });
  return { outcome, model };
}

function only<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

/** Each call event as `type callId`, in emission order. */
function callTrace(events: RuntimeEvent[]): string[] {
  return events.flatMap((event) => ('callId' in event && event.type.startsWith('tool-') ? [`${event.type} ${event.callId}`] : []));
}

/** A handler that answers every request with `text` and records what it was asked. */
function answerWith(text: string): { handler: ManualOutputHandler; asked: ManualOutputRequest[] } {
  const asked: ManualOutputRequest[] = [];
  return {
    asked,
    handler: async (request) => {
      asked.push(request);
      return text;
    },
  };
}

const orderCall: TestStep[] = [{ calls: [{ name: 'get_order', arguments: '{"id":"A-1"}', callId: 'o1' }] }, { text: 'done' }];
const typedOrder = '{ "status": "shipped", "items": [{ "sku": "X", "quantity": 2 }] }';

describe('defineTool without execute', () => {
  it('is allowed, reports hasExecute false and its output schema as JSON Schema', async () => {
    expect(getOrder.hasExecute).toBe(false);
    expect(getOrder.outputParameters).toMatchObject({ type: 'object', required: ['status', 'items'] });
    expect(askColleague.outputParameters).toBeUndefined();
    expect(await getOrder.validateOutput({ status: 'lost', items: [] })).toEqual([{ path: '/status', message: 'must be one of "open", "shipped"' }]);
    expect(await getOrder.validateOutput({ status: 'open', items: [] })).toEqual([]);
  });

  it('still refuses an execute that is not a function', () => {
    expect(() => defineTool({ name: 'x', description: 'd', schema: z.object({}), execute: 'run' } as never)).toThrow(ToolDefinitionError);
    expect(() => defineTool({ name: 'x', description: 'd', schema: z.object({}), execute: 'run' } as never)).toThrow(/execute must be a function/);
  });
});

describe('a call answered by hand', () => {
  it('asks for the output of a tool without execute and sends exactly what was typed', async () => {
    const { handler, asked } = answerWith(typedOrder);
    const { outcome, model } = run([getOrder], orderCall, { policy: { requestOutput: handler } });
    const { events, reason } = await outcome;
    expect(reason).toBe('completed');
    expect(asked).toEqual([{ callId: 'o1', name: 'get_order', input: { id: 'A-1' }, signal: expect.any(AbortSignal) }]);
    expect(callTrace(events)).toEqual([
      'tool-input-available o1',
      'tool-permission o1',
      'tool-call-start o1',
      'tool-output-request o1',
      'tool-output-response o1',
      'tool-output o1',
    ]);
    expect(only(events, 'tool-output-request')).toMatchObject([{ reason: 'no-execute', input: { id: 'A-1' }, outputSchema: getOrder.outputParameters! }]);
    expect(only(events, 'tool-output-response')).toMatchObject([{ decidedBy: 'human' }]);
    const [output] = only(events, 'tool-output');
    expect(output).toMatchObject({ status: 'success', output: typedOrder, summary: 'get_order answered by hand' });
    expect(output?.audit).toMatch(/^o1 get_order \{"id":"A-1"\} → success \(typed by a person\) after \d+ ms$/);
    expect(model.requests[1]?.input.at(-1)).toEqual({ type: 'function_call_output', call_id: 'o1', output: typedOrder });
  });

  it('shows the call as awaiting an output while the request is open', async () => {
    let seen: string | undefined;
    const collected: RuntimeEvent[] = [];
    const { outcome } = run([getOrder], orderCall, {
      policy: {
        requestOutput: async () => {
          seen = reduceRuntimeEvents(collected).calls.o1?.phase;
          return typedOrder;
        },
      },
      host: { onEvent: (event) => collected.push(event) },
    });
    await outcome;
    expect(seen).toBe('awaiting-output');
    expect(reduceRuntimeEvents(collected).calls.o1).toMatchObject({ phase: 'done', outputRequest: { reason: 'no-execute' }, outputResponse: { decidedBy: 'human' } });
  });

  it('never runs execute for a tool switched to be answered by hand', async () => {
    let executed = 0;
    const lookup = defineTool({
      name: 'lookup',
      namespace: 'crm',
      description: 'Look a customer up.',
      schema: z.object({ email: z.string() }),
      isReadOnly: true,
      execute: () => {
        executed += 1;
        return 'from execute';
      },
    });
    const { handler } = answerWith('Ada Lovelace, customer since 1843');
    const { outcome } = run([lookup], [{ calls: [{ name: 'lookup', namespace: 'crm', arguments: '{"email":"ada@example.com"}', callId: 'l1' }] }, { text: 'ok' }], {
      policy: { answerByHand: ['crm.lookup'], requestOutput: handler },
    });
    const { events } = await outcome;
    expect(executed).toBe(0);
    expect(only(events, 'tool-output-request')).toMatchObject([{ name: 'crm.lookup', reason: 'answer-by-hand' }]);
    expect(only(events, 'tool-output-request')[0]).not.toHaveProperty('outputSchema');
    expect(only(events, 'tool-output')).toMatchObject([{ status: 'success', output: 'Ada Lovelace, customer since 1843' }]);
  });

  it('runs execute as usual for tools not named in answerByHand', async () => {
    const echo = defineTool({ name: 'echo', description: 'Echo.', schema: z.object({}), isReadOnly: true, execute: () => 'echoed' });
    const { outcome } = run([echo], [{ calls: [{ name: 'echo', arguments: '{}', callId: 'e1' }] }, { text: 'ok' }], { policy: { answerByHand: ['other'], requestOutput: answerWith('typed').handler } });
    const { events } = await outcome;
    expect(only(events, 'tool-output-request')).toEqual([]);
    expect(only(events, 'tool-output')).toMatchObject([{ status: 'success', output: 'echoed' }]);
  });

  it('turns a typed output that breaks the output schema into an error naming each invalid path', async () => {
    const { outcome } = run([getOrder], orderCall, { policy: { requestOutput: answerWith('{"status":"lost","items":[{"sku":7,"quantity":1.5}]}').handler } });
    const [output] = only((await outcome).events, 'tool-output');
    expect(output?.status).toBe('error');
    expect(output?.output).toMatch(/^Error: get_order failed \(output-invalid\): The typed output does not match the output schema: /);
    expect(output?.output).toContain('/status: must be one of');
    expect(output?.output).toContain('/items/0/sku: must be a string, got number');
    expect(output?.output).toContain('/items/0/quantity: must be an integer, got number');
  });

  it('turns typed text that is not JSON into an error when the tool has an output schema', async () => {
    const { outcome } = run([getOrder], orderCall, { policy: { requestOutput: answerWith('shipped yesterday').handler } });
    const [output] = only((await outcome).events, 'tool-output');
    expect(output).toMatchObject({ status: 'error', output: expect.stringMatching(/^Error: get_order failed \(output-invalid\): The typed output is not JSON \(.+\), but the tool has an output schema\.$/) });
  });

  it('takes any text for a tool without an output schema', async () => {
    const { outcome } = run([askColleague], [{ calls: [{ name: 'ask_colleague', arguments: '{"question":"why?"}', callId: 'q1' }] }, { text: 'ok' }], {
      policy: { requestOutput: answerWith('  Because the invoice was late.\n').handler },
    });
    expect(only((await outcome).events, 'tool-output')).toMatchObject([{ status: 'success', output: '  Because the invoice was late.\n' }]);
  });

  it('never ends the turn from a typed output, whatever it says', async () => {
    const { outcome, model } = run([askColleague], [{ calls: [{ name: 'ask_colleague', arguments: '{"question":"stop?"}', callId: 'q1' }] }, { text: 'still going' }], {
      policy: { requestOutput: answerWith('{"content":"stop","endTurn":true}').handler },
    });
    const { events, reason, finalText } = await outcome;
    expect(reason).toBe('completed');
    expect(finalText).toBe('still going');
    expect(only(events, 'tool-output')[0]).not.toHaveProperty('endTurn');
    expect(model.remaining()).toBe(0);
  });

  it('redacts secrets a person typed', async () => {
    const { outcome } = run([askColleague], [{ calls: [{ name: 'ask_colleague', arguments: '{"question":"key?"}', callId: 'q1' }] }, { text: 'ok' }], {
      policy: { requestOutput: answerWith('the key is sk-test-1234567890abcdef').handler },
      host: { secrets: ['sk-test-1234567890abcdef'] },
    });
    const [output] = only((await outcome).events, 'tool-output');
    expect(output?.output).not.toContain('sk-test-1234567890abcdef');
  });

  it('times out like an approval: no output within approvalTimeoutMs', async () => {
    let askedSignal: AbortSignal | undefined;
    const { outcome } = run([getOrder], orderCall, {
      policy: {
        approvalTimeoutMs: 25,
        requestOutput: (request) => {
          askedSignal = request.signal;
          return new Promise(() => undefined);
        },
      },
    });
    const { events, reason } = await outcome;
    expect(reason).toBe('completed');
    expect(only(events, 'tool-output-response')).toMatchObject([{ decidedBy: 'timeout' }]);
    expect(only(events, 'tool-output')).toMatchObject([{ status: 'timeout', output: 'Error: get_order got no output: no output was typed within 25 ms.' }]);
    expect(askedSignal?.aborted).toBe(true);
  });

  it('ends as aborted when the turn is aborted while it waits', async () => {
    const controller = new AbortController();
    const { outcome } = run([getOrder], orderCall, {
      policy: {
        requestOutput: () => {
          setTimeout(() => controller.abort(), 10);
          return new Promise(() => undefined);
        },
      },
      host: { signal: controller.signal },
    });
    const { events, reason } = await outcome;
    expect(reason).toBe('aborted');
    expect(only(events, 'tool-output-response')).toMatchObject([{ decidedBy: 'abort' }]);
    expect(only(events, 'tool-output')).toMatchObject([{ status: 'aborted', output: 'Error: get_order got no output: the turn was aborted while the call waited for a typed output.' }]);
  });

  it('is an error when nobody can answer in this context', async () => {
    const { outcome } = run([getOrder], orderCall);
    const { events } = await outcome;
    expect(callTrace(events).slice(-3)).toEqual(['tool-output-request o1', 'tool-output-response o1', 'tool-output o1']);
    expect(only(events, 'tool-output')).toMatchObject([{ status: 'error', output: 'Error: get_order got no output: Nobody can answer this call by hand in this context.' }]);
  });

  it('holds its parallel batch, and the sequential call after it, until the output is typed', async () => {
    const order: string[] = [];
    const readStock = defineTool({
      name: 'read_stock',
      description: 'Read stock.',
      schema: z.object({}),
      isReadOnly: true,
      execute: () => {
        order.push('read_stock ran');
        return '12 in stock';
      },
    });
    const reserve = defineTool({
      name: 'reserve',
      description: 'Reserve stock.',
      schema: z.object({}),
      executionMode: 'sequential',
      execute: () => {
        order.push('reserve ran');
        return 'reserved';
      },
    });
    const { outcome, model } = run(
      [getOrder, readStock, reserve],
      [
        {
          calls: [
            { name: 'get_order', arguments: '{"id":"A-1"}', callId: 'o1' },
            { name: 'read_stock', arguments: '{}', callId: 's1' },
            { name: 'reserve', arguments: '{}', callId: 'r1' },
          ],
        },
        { text: 'ok' },
      ],
      {
        policy: {
          requestOutput: async () => {
            await new Promise((resolve) => setTimeout(resolve, 40));
            order.push('output typed');
            return typedOrder;
          },
        },
      },
    );
    const { events } = await outcome;
    expect(only(events, 'dispatch-plan')[0]?.batches).toEqual([
      { mode: 'parallel', callIds: ['o1', 's1'] },
      { mode: 'sequential', callIds: ['r1'] },
    ]);
    expect(order).toEqual(['read_stock ran', 'output typed', 'reserve ran']);
    const trace = callTrace(events);
    expect(trace.indexOf('tool-call-start r1')).toBeGreaterThan(trace.indexOf('tool-output o1'));
    expect(only(events, 'tool-call-start').map((event) => [event.callId, event.batch])).toEqual([['o1', 0], ['s1', 0], ['r1', 1]]);
    // The typed output finished after read_stock, yet the model gets the outputs in its call order.
    expect(only(events, 'tool-output').map((event) => event.callId)).toEqual(['s1', 'o1', 'r1']);
    const outputs = model.requests[1]?.input.flatMap((item) => (item.type === 'function_call_output' ? [item.call_id] : []));
    expect(outputs).toEqual(['o1', 's1', 'r1']);
  });
});
