import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runToolCall, runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import type { RunToolCallOptions } from '@/lib/runtime/loop/run-tool-call';
import { createWorkspaceTools } from '../support/sample-tools';

function call(options: Partial<RunToolCallOptions> & Pick<RunToolCallOptions, 'name' | 'arguments'>) {
  return runToolCall({ tools: createWorkspaceTools().all, ...options, host: { turnId: 'turn_direct', ...options.host } });
}

/** The event types in order, the shape the architecture doc writes sequences in. */
function trace(events: RuntimeEvent[]): string[] {
  return events.map((event) => event.type);
}

function only<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

function expectWellFormed(events: RuntimeEvent[]): void {
  expect(events.map((event) => event.seq)).toEqual([...events.keys()]);
  for (const event of events) expect(runtimeEventSchema.safeParse(event).success).toBe(true);
  expect(events[0]?.type).toBe('turn-start');
  expect(events.at(-1)?.type).toBe('turn-end');
}

describe('runToolCall', () => {
  it('runs a valid call through the model path, with a direct proposal instead of a model response', async () => {
    const outcome = await call({ name: 'read_file', arguments: '{"path":"a.txt"}', host: { readFiles: () => ({ 'a.txt': 'alpha' }) } });
    expectWellFormed(outcome.events);
    expect(trace(outcome.events)).toEqual([
      'turn-start',
      'tools-assembled',
      'tool-call-direct',
      'tool-input-available',
      'dispatch-plan',
      'tool-permission',
      'tool-call-start',
      'tool-output',
      'turn-end',
    ]);
    expect(outcome.events[0]).toMatchObject({ type: 'turn-start', model: 'direct', userMessage: 'Try read_file', maxIterations: 1, permissionMode: 'auto' });
    expect(only(outcome.events, 'tool-call-direct')).toMatchObject([{ iteration: 1, call: { callId: 'call_direct', name: 'read_file', arguments: '{"path":"a.txt"}' } }]);
    expect(only(outcome.events, 'tool-call-direct')[0]).not.toHaveProperty('loadedDeferred');
    expect(only(outcome.events, 'tool-input-available')[0]).toMatchObject({ input: { path: 'a.txt' }, activity: 'Reading a.txt' });
    expect(outcome.result).toMatchObject({ status: 'success', output: 'alpha' });
    expect(outcome.reason).toBe('completed');
    expect(only(outcome.events, 'turn-end')[0]).toMatchObject({
      reason: 'completed',
      iterations: 1,
      conversation: [
        { type: 'function_call', call_id: 'call_direct', name: 'read_file', arguments: '{"path":"a.txt"}' },
        { type: 'function_call_output', call_id: 'call_direct', output: 'alpha' },
      ],
      state: { files: { 'a.txt': 'alpha' }, loadedTools: [] },
    });
  });

  it('repairs malformed JSON with the ladder, as it would a model\'s arguments', async () => {
    const outcome = await call({ name: 'read_file', arguments: "```json\n{'path': 'a.txt',}\n```" });
    expectWellFormed(outcome.events);
    expect(trace(outcome.events).slice(2, 5)).toEqual(['tool-call-direct', 'tool-input-repair', 'tool-input-available']);
    expect(only(outcome.events, 'tool-input-repair')[0]?.repairs.map((step) => step.rung)).toEqual(['strip-code-fence', 'fix-syntax']);
    expect(only(outcome.events, 'tool-call-direct')[0]?.call.arguments).toBe("```json\n{'path': 'a.txt',}\n```");
    expect(outcome.result).toMatchObject({ status: 'success', output: 'alpha' });
  });

  it('rejects invalid arguments with a tool-input-error and a model-visible output, and runs nothing', async () => {
    const outcome = await call({ name: 'read_file', arguments: '{"path":3}' });
    expectWellFormed(outcome.events);
    expect(trace(outcome.events)).toEqual(['turn-start', 'tools-assembled', 'tool-call-direct', 'tool-input-error', 'tool-output', 'turn-end']);
    expect(only(outcome.events, 'tool-input-error')[0]).toMatchObject({ code: 'invalid-arguments', issues: [{ path: '/path', message: 'must be a string, got number' }] });
    expect(outcome.result).toMatchObject({ status: 'rejected' });
    expect(outcome.result?.output).toBe('Error: invalid arguments for read_file:\n- /path: must be a string, got number\nFix these and call read_file again.');
    expect(outcome.reason).toBe('completed');
  });

  it('refuses arguments the ladder will not guess at, as unparseable', async () => {
    const outcome = await call({ name: 'read_file', arguments: 'please read a.txt' });
    expect(only(outcome.events, 'tool-input-error')[0]).toMatchObject({ code: 'unparseable-arguments' });
    expect(outcome.result?.status).toBe('rejected');
  });

  it('answers an unknown name as the runtime answers a model: unknown-tool with the closest names', async () => {
    const outcome = await call({ name: 'read_fil', arguments: '{}' });
    expectWellFormed(outcome.events);
    expect(only(outcome.events, 'tool-input-error')[0]).toMatchObject({ code: 'unknown-tool', suggestions: ['read_file'] });
    expect(outcome.result?.output).toMatch(/^Error: Unknown tool "read_fil"\. Did you mean: read_file\?/);
    expect(only(outcome.events, 'turn-end')[0]?.conversation?.[0]).toMatchObject({ type: 'function_call', name: 'read_fil' });
  });

  it('goes through the gate: a destructive tool asks, runs when approved', async () => {
    const asked: string[] = [];
    const outcome = await call({
      name: 'delete_file',
      arguments: '{"path":"a.txt"}',
      policy: {
        requestApproval: async (request) => {
          asked.push(`${request.callId} ${request.name} ${JSON.stringify(request.input)}`);
          return { approved: true };
        },
      },
    });
    expectWellFormed(outcome.events);
    expect(asked).toEqual(['call_direct delete_file {"path":"a.txt"}']);
    expect(trace(outcome.events).slice(3)).toEqual([
      'tool-input-available',
      'dispatch-plan',
      'tool-permission',
      'tool-approval-request',
      'tool-approval-response',
      'tool-call-start',
      'tool-output',
      'turn-end',
    ]);
    expect(outcome.result).toMatchObject({ status: 'success', output: 'Deleted a.txt' });
  });

  it('is denied by a person like a model\'s call, and by the permission mode without asking', async () => {
    const denied = await call({ name: 'delete_file', arguments: '{"path":"a.txt"}', policy: { requestApproval: async () => ({ approved: false, reason: 'keep it' }) } });
    expect(only(denied.events, 'tool-approval-response')).toMatchObject([{ approved: false, decidedBy: 'human', reason: 'keep it' }]);
    expect(denied.result).toMatchObject({ status: 'denied' });
    expect(only(denied.events, 'tool-call-start')).toHaveLength(0);

    const readOnly = await call({ name: 'write_file', arguments: '{"path":"b","content":"x"}', policy: { permissions: { mode: 'read-only' } } });
    expect(only(readOnly.events, 'tool-permission')).toMatchObject([{ decision: 'deny' }]);
    expect(only(readOnly.events, 'tool-approval-request')).toHaveLength(0);
    expect(readOnly.events[0]).toMatchObject({ permissionMode: 'read-only' });
  });

  it('loads a deferred tool for the call, since a person picked it by name, and says so', async () => {
    const catalog = defineTool({
      name: 'lookup',
      namespace: 'crm',
      namespaceDescription: 'The CRM.',
      description: 'Look up an account.',
      schema: z.object({ id: z.string() }),
      isReadOnly: true,
      deferLoading: true,
      execute: (args) => `account ${args.id}`,
    });
    const outcome = await runToolCall({ tools: [catalog], name: 'crm.lookup', arguments: '{"id":"42"}', host: { turnId: 'turn_deferred' } });
    expectWellFormed(outcome.events);
    expect(only(outcome.events, 'tools-assembled')[0]?.tools).toMatchObject([{ qualifiedName: 'crm.lookup', deferred: true }]);
    expect(only(outcome.events, 'tool-call-direct')[0]).toMatchObject({ loadedDeferred: true, call: { name: 'crm.lookup' } });
    expect(only(outcome.events, 'tool-input-error')).toHaveLength(0);
    expect(outcome.result).toMatchObject({ status: 'success', output: 'account 42' });
    // The conversation item is the one a model would have sent: the function's own name inside its namespace.
    expect(outcome.conversation[0]).toEqual({ type: 'function_call', call_id: 'call_direct', name: 'lookup', namespace: 'crm', arguments: '{"id":"42"}' });
  });

  it('ends as tool-ended when the tool ends the turn, and aborted when the call is aborted', async () => {
    const finish = defineTool({ name: 'finish', description: 'Ends the turn.', schema: z.object({}), isReadOnly: true, execute: () => ({ content: 'done', endTurn: true }) });
    expect((await runToolCall({ tools: [finish], name: 'finish', arguments: '' })).reason).toBe('tool-ended');

    const controller = new AbortController();
    const slow = defineTool({
      name: 'slow',
      description: 'Waits.',
      schema: z.object({}),
      isReadOnly: true,
      execute: (_args, ctx) => new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('never'))),
    });
    const running = runToolCall({ tools: [slow], name: 'slow', arguments: '{}', host: { signal: controller.signal, onEvent: (event) => event.type === 'tool-call-start' && controller.abort() } });
    const aborted = await running;
    expect(aborted.reason).toBe('aborted');
    expect(aborted.result?.status).toBe('aborted');
    expect(aborted.conversation.map((item) => item.type)).toEqual(['function_call', 'function_call_output']);
  });

  it('takes a typed output for a tool answered by hand', async () => {
    const outcome = await call({ name: 'read_file', arguments: '{"path":"a.txt"}', policy: { answerByHand: ['read_file'], requestOutput: async () => 'typed by hand' } });
    expectWellFormed(outcome.events);
    expect(only(outcome.events, 'tool-output-request')).toMatchObject([{ reason: 'answer-by-hand', input: { path: 'a.txt' } }]);
    expect(outcome.result).toMatchObject({ status: 'success', output: 'typed by hand' });
  });

  it('ends with an error before any proposal when the tool set cannot be assembled', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'A strict tool OpenAI would reject.',
      jsonSchema: { type: 'object', properties: { a: { not: { type: 'string' } } }, required: ['a'], additionalProperties: false },
      execute: () => 'x',
    });
    const outcome = await runToolCall({ tools: [broken], name: 'broken', arguments: '{}' });
    expectWellFormed(outcome.events);
    expect(trace(outcome.events)).toEqual(['turn-start', 'turn-end']);
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toMatch(/^Tool broken is strict, but OpenAI would reject its schema/);
  });

  it('redacts secrets in the proposal, the output and the conversation, as in a model turn', async () => {
    const outcome = await call({ name: 'read_file', arguments: '{"path":"sk-proj-abcdefghijklmnopqrstuvwxyz"}' });
    expect(only(outcome.events, 'tool-call-direct')[0]?.call.arguments).toBe('{"path":"[REDACTED]"}');
    expect(only(outcome.events, 'tool-output')[0]?.output).toBe('No such file: [REDACTED]');
    expect(JSON.stringify(only(outcome.events, 'turn-end')[0]?.conversation)).not.toContain('sk-proj-');
  });
});
