import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runTurn, type RunTurnOptions, type RuntimeEvent } from '@/lib/runtime';
import { createScriptedTestModel, userMessage, type TestStep } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../support/sample-tools';

function run(steps: TestStep[], options: Partial<RunTurnOptions> = {}) {
  const model = createScriptedTestModel(steps);
  return runTurn({ tools: createWorkspaceTools().all, model: model.client, input: [userMessage('go')], ...options, host: { turnId: 'turn_gate', ...options.host } });
}

const deleteStep: TestStep[] = [{ calls: [{ name: 'delete_file', arguments: '{"path":"a.txt"}', callId: 'd1' }] }, { text: 'ok' }];

/** Each event as `type callId`, for asserting the order of a turn's call events. */
function callTrace(events: RuntimeEvent[]): string[] {
  return events.flatMap((event) => ('callId' in event && event.type.startsWith('tool-') ? [`${event.type} ${event.callId}`] : []));
}

function only<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

describe('permission gate in a turn', () => {
  it('denies by mode: read-only refuses a write, model-visibly', async () => {
    const outcome = await run(deleteStep, { policy: { permissions: { mode: 'read-only' } } });
    expect(only(outcome.events, 'tool-permission')).toMatchObject([{ decision: 'deny', risk: 'destructive', reason: 'Permission mode read-only: delete_file is a destructive tool.' }]);
    expect(only(outcome.events, 'tool-output')).toMatchObject([
      { status: 'denied', output: 'Error: delete_file was not run. Permission denied: Permission mode read-only: delete_file is a destructive tool. Do not retry the same call; choose another approach or ask the user.' },
    ]);
    expect(only(outcome.events, 'tool-call-start')).toHaveLength(0);
  });

  it('denies by rule before anything else', async () => {
    const outcome = await run(deleteStep, { policy: { permissions: { mode: 'auto', deny: ['delete_*'] } } });
    expect(only(outcome.events, 'tool-permission')[0]).toMatchObject({ decision: 'deny', reason: 'Denied by rule "delete_*".' });
  });

  it('asks a human in auto mode for a destructive tool and runs it when approved', async () => {
    const asked: string[] = [];
    const outcome = await run(deleteStep, {
      policy: {
        requestApproval: async (request) => {
          asked.push(`${request.name} ${JSON.stringify(request.input)}`);
          return { approved: true };
        },
      },
    });
    expect(asked).toEqual(['delete_file {"path":"a.txt"}']);
    const types = outcome.events.map((event) => event.type);
    expect(types.slice(types.indexOf('tool-permission'), types.indexOf('tool-output') + 1)).toEqual([
      'tool-permission', 'tool-approval-request', 'tool-approval-response', 'tool-call-start', 'tool-output',
    ]);
    expect(only(outcome.events, 'tool-output')[0]).toMatchObject({ status: 'success', output: 'Deleted a.txt', details: { path: 'a.txt' } });
  });

  it('reports a human denial with the reason', async () => {
    const outcome = await run(deleteStep, { policy: { requestApproval: async () => ({ approved: false, reason: 'keep it' }) } });
    expect(only(outcome.events, 'tool-approval-response')).toMatchObject([{ approved: false, decidedBy: 'human', reason: 'keep it' }]);
    expect(only(outcome.events, 'tool-output')[0]?.output).toBe(
      'Error: delete_file was not run. Permission denied: a human denied it: keep it. Do not retry the same call; choose another approach or ask the user.',
    );
  });

  it('treats no answer within the timeout as denied', async () => {
    const outcome = await run(deleteStep, { policy: { requestApproval: () => new Promise(() => undefined), approvalTimeoutMs: 20 } });
    expect(only(outcome.events, 'tool-approval-response')).toMatchObject([{ approved: false, decidedBy: 'timeout' }]);
    expect(only(outcome.events, 'tool-output')[0]).toMatchObject({ status: 'denied' });
    expect(outcome.reason).toBe('completed');
  });

  it('asks for every non-read tool in review mode but not for reads', async () => {
    const outcome = await run(
      [{ calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r' }, { name: 'write_file', arguments: '{"path":"x","content":"y"}', callId: 'w' }] }, { text: 'ok' }],
      { policy: { permissions: { mode: 'review' }, requestApproval: async () => ({ approved: true }) } },
    );
    expect(only(outcome.events, 'tool-permission').map((event) => [event.callId, event.decision])).toEqual([['r', 'allow'], ['w', 'ask']]);
  });

  it('decides a call\'s permission when its batch is about to run, not when the response arrives', async () => {
    const outcome = await run([
      {
        calls: [
          { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r1' },
          { name: 'write_file', arguments: '{"path":"a.txt","content":"beta"}', callId: 'w1' },
          { name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r2' },
        ],
      },
      { text: 'ok' },
    ]);
    expect(only(outcome.events, 'dispatch-plan')[0]?.batches).toEqual([
      { mode: 'parallel', callIds: ['r1'] },
      { mode: 'sequential', callIds: ['w1'] },
      { mode: 'parallel', callIds: ['r2'] },
    ]);
    expect(callTrace(outcome.events).filter((entry) => !entry.startsWith('tool-input'))).toEqual([
      'tool-permission r1', 'tool-call-start r1', 'tool-output r1',
      'tool-permission w1', 'tool-call-start w1', 'tool-output w1',
      'tool-permission r2', 'tool-call-start r2', 'tool-output r2',
    ]);
    expect(only(outcome.events, 'tool-output').map((event) => [event.callId, event.status, event.output])).toEqual([
      ['r1', 'success', 'alpha'],
      ['w1', 'success', 'Wrote 4 bytes to a.txt'],
      ['r2', 'success', 'beta'],
    ]);
  });

  it('asks for approval per batch: a later batch is asked only after the earlier one has run', async () => {
    const workspace = createWorkspaceTools();
    const peek = defineTool({
      name: 'peek',
      description: 'Read a file, with permission.',
      schema: z.object({ path: z.string() }),
      isReadOnly: true,
      needsApproval: true,
      execute: (args) => workspace.files.get(args.path) ?? 'none',
    });
    const seenWhenAsked: string[] = [];
    const outcome = await run(
      [
        {
          calls: [
            { name: 'peek', arguments: '{"path":"a.txt"}', callId: 'p1' },
            { name: 'peek', arguments: '{"path":"a.txt"}', callId: 'p2' },
            { name: 'write_file', arguments: '{"path":"a.txt","content":"beta"}', callId: 'w1' },
            { name: 'peek', arguments: '{"path":"a.txt"}', callId: 'p3' },
          ],
        },
        { text: 'ok' },
      ],
      {
        tools: [...workspace.all, peek],
        policy: {
          requestApproval: async (request) => {
            seenWhenAsked.push(`${request.callId} ${workspace.files.get('a.txt') ?? ''}`);
            return { approved: true };
          },
        },
      },
    );
    const trace = callTrace(outcome.events);
    const at = (entry: string) => {
      const index = trace.indexOf(entry);
      expect(index, entry).toBeGreaterThanOrEqual(0);
      return index;
    };
    // The first batch's two approvals are requested together, before either call starts.
    expect(at('tool-approval-request p2')).toBeLessThan(at('tool-approval-response p1'));
    expect(at('tool-approval-request p2')).toBeLessThan(at('tool-call-start p1'));
    // The write's permission and the last batch's approval wait for the batches before them.
    expect(at('tool-permission w1')).toBeGreaterThan(Math.max(at('tool-output p1'), at('tool-output p2')));
    expect(at('tool-permission p3')).toBeGreaterThan(at('tool-output w1'));
    expect(at('tool-approval-request p3')).toBeGreaterThan(at('tool-output w1'));
    expect(seenWhenAsked).toEqual(['p1 alpha', 'p2 alpha', 'p3 beta']);
    expect(only(outcome.events, 'tool-output').map((event) => [event.callId, event.status, event.output])).toEqual([
      ['p1', 'success', 'alpha'],
      ['p2', 'success', 'alpha'],
      ['w1', 'success', 'Wrote 4 bytes to a.txt'],
      ['p3', 'success', 'beta'],
    ]);
  });
});
