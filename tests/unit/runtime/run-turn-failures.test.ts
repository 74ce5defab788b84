import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runTurn, type RuntimeEvent } from '@/lib/runtime';
import { createScriptedTestModel, userMessage, type TestStep } from '@/lib/runtime/testing';
import { slowEchoTool } from '../support/sample-tools';

const slow = slowEchoTool;
const broken = defineTool({
  name: 'broken',
  description: 'Always throws.',
  schema: z.object({}),
  isReadOnly: true,
  execute: () => {
    throw new Error('disk on fire');
  },
});
const hangs = defineTool({
  name: 'hangs',
  description: 'Never finishes.',
  schema: z.object({}),
  isReadOnly: true,
  timeoutMs: 30,
  execute: () => new Promise(() => undefined),
});

function outputs(events: RuntimeEvent[]) {
  return events.flatMap((event) => (event.type === 'tool-output' ? [[event.callId, event.status, event.output]] : []));
}

function start(steps: TestStep[], signal?: AbortSignal) {
  const model = createScriptedTestModel(steps);
  return { model, promise: runTurn({ tools: [slow, broken, hangs], model: model.client, input: [userMessage('go')], host: { signal } }) };
}

describe('tool failures and ordering', () => {
  it('turns a throw into a model-visible error and goes on', async () => {
    const outcome = await start([{ calls: [{ name: 'broken', arguments: '{}', callId: 'b' }] }, { text: 'ok' }]).promise;
    expect(outputs(outcome.events)).toEqual([['b', 'error', 'Error: broken failed (threw): disk on fire']]);
    expect(outcome.reason).toBe('completed');
  });

  it('times a hung tool out at its deadline', async () => {
    const outcome = await start([{ calls: [{ name: 'hangs', arguments: '{}', callId: 'h' }] }, { text: 'ok' }]).promise;
    expect(outputs(outcome.events)).toEqual([['h', 'timeout', 'Error: hangs timed out after 30 ms.']]);
  });

  it('returns outputs in model order, paired by call_id, when calls finish out of order', async () => {
    const { model, promise } = start([
      { calls: [{ name: 'slow', arguments: '{"label":"first","ms":40}', callId: 'x1' }, { name: 'slow', arguments: '{"label":"second","ms":5}', callId: 'x2' }] },
      { text: 'ok' },
    ]);
    const outcome = await promise;
    expect(outputs(outcome.events).map(([id]) => id)).toEqual(['x2', 'x1']);
    expect(model.requests[1]?.input.slice(-4)).toEqual([
      { type: 'function_call', call_id: 'x1', name: 'slow', namespace: undefined, arguments: '{"label":"first","ms":40}' },
      { type: 'function_call', call_id: 'x2', name: 'slow', namespace: undefined, arguments: '{"label":"second","ms":5}' },
      { type: 'function_call_output', call_id: 'x1', output: 'first' },
      { type: 'function_call_output', call_id: 'x2', output: 'second' },
    ]);
  });

  it('aborts mid-batch: running calls end aborted and the turn ends aborted', async () => {
    const controller = new AbortController();
    const { model, promise } = start(
      [{ calls: [{ name: 'slow', arguments: '{"label":"a","ms":2000}', callId: 'a1' }, { name: 'slow', arguments: '{"label":"b","ms":2000}', callId: 'a2' }] }],
      controller.signal,
    );
    setTimeout(() => controller.abort(), 30);
    const outcome = await promise;
    expect(outputs(outcome.events)).toEqual([
      ['a1', 'aborted', 'Error: The call was aborted before it finished.'],
      ['a2', 'aborted', 'Error: The call was aborted before it finished.'],
    ]);
    expect(outcome.reason).toBe('aborted');
    expect(model.requests).toHaveLength(1);
  });

  it('ends with max-iterations when the model keeps calling', async () => {
    const step: TestStep = { calls: [{ name: 'slow', arguments: '{"label":"again","ms":1}' }] };
    const model = createScriptedTestModel([step, step]);
    const outcome = await runTurn({ tools: [slow], model: model.client, input: [userMessage('loop')], request: { maxIterations: 2 } });
    expect(outcome.reason).toBe('max-iterations');
    expect(outcome.iterations).toBe(2);
  });

  it('ends with an error event when the model fails', async () => {
    const outcome = await start([{ fail: { code: 'request-failed', message: 'HTTP 500: upstream exploded', status: 500 } }]).promise;
    expect(outcome.events.slice(-2)).toMatchObject([
      { type: 'model-error', code: 'request-failed', status: 500, message: 'HTTP 500: upstream exploded' },
      { type: 'turn-end', reason: 'error', error: 'HTTP 500: upstream exploded' },
    ]);
  });
});
