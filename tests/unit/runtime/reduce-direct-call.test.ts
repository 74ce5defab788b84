import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, reduceRuntimeEvents, runToolCall, type RuntimeEvent, type RuntimeEventInput, runtimeEventSchema } from '@/lib/runtime';
import { createWorkspaceTools } from '../support/sample-tools';

function stampEvents(bodies: RuntimeEventInput[], turnId = 't1'): RuntimeEvent[] {
  return bodies.map((body, seq) => runtimeEventSchema.parse({ ...body, turnId, seq, at: seq * 10 }));
}

describe('reducing tool-call-direct', () => {
  it('places the call like a model proposal, in an iteration without request or response', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        { type: 'turn-start', mode: 'chat', model: 'direct', permissionMode: 'auto', maxIterations: 1, userMessage: 'Try read_file' },
        { type: 'tool-call-direct', iteration: 1, call: { callId: 'c1', name: 'read_file', arguments: "{'path': 'a.txt'}" } },
      ]),
    );
    expect(state.iterations).toEqual([{ iteration: 1, callIds: ['c1'], searches: [] }]);
    expect(state.calls.c1).toMatchObject({ callId: 'c1', name: 'read_file', iteration: 1, rawArguments: "{'path': 'a.txt'}", phase: 'proposed', direct: { loadedDeferred: false } });
    expect(state.turn?.model).toBe('direct');
  });

  it('marks a deferred tool loaded for the call', () => {
    const state = reduceRuntimeEvents(
      stampEvents([{ type: 'tool-call-direct', iteration: 1, call: { callId: 'c1', name: 'crm.lookup', arguments: '{}' }, loadedDeferred: true }]),
    );
    expect(state.calls.c1?.direct).toEqual({ loadedDeferred: true });
  });

  it('reduces a whole direct call to one finished call card', async () => {
    const outcome = await runToolCall({ tools: createWorkspaceTools().all, name: 'read_file', arguments: '```json\n{"path":"a.txt"}\n```', host: { turnId: 't_run' } });
    const state = reduceRuntimeEvents(outcome.events);
    expect(state.status).toBe('ended');
    expect(Object.keys(state.calls)).toEqual(['call_direct']);
    expect(state.calls.call_direct).toMatchObject({
      phase: 'done',
      rawArguments: '```json\n{"path":"a.txt"}\n```',
      repairs: [{ rung: 'strip-code-fence' }],
      input: { path: 'a.txt' },
      batch: 0,
      output: { status: 'success', output: 'alpha' },
    });
    expect(state.iterations[0]?.request).toBeUndefined();
    expect(state.iterations[0]?.response).toBeUndefined();
  });

  it('leaves a call waiting for approval in awaiting-approval with its request', async () => {
    const events: RuntimeEvent[] = [];
    let release: (approved: boolean) => void = () => undefined;
    const running = runToolCall({
      tools: [defineTool({ name: 'wipe', description: 'Wipes.', schema: z.object({}), isDestructive: true, execute: () => 'wiped' })],
      name: 'wipe',
      arguments: '{}',
      policy: { requestApproval: () => new Promise((resolve) => (release = (approved) => resolve({ approved }))) },
      host: { onEvent: (event) => events.push(event) },
    });
    await expect.poll(() => events.some((event) => event.type === 'tool-approval-request')).toBe(true);
    expect(reduceRuntimeEvents(events).calls.call_direct).toMatchObject({ phase: 'awaiting-approval', approvalRequest: { input: {} } });
    release(true);
    await running;
    expect(reduceRuntimeEvents(events).calls.call_direct).toMatchObject({ phase: 'done', output: { status: 'success', output: 'wiped' } });
  });
});
