import { describe, expect, it } from 'vitest';
import { runTurn, type RunTurnOptions } from '@/lib/runtime/run-turn';
import type { RuntimeEvent } from '@/lib/runtime/runtime-event';
import { createScriptedTestModel, userMessage, type TestStep } from '../support/scripted-test-model';
import { createWorkspaceTools } from '../support/sample-tools';

function run(steps: TestStep[], options: Partial<RunTurnOptions> = {}) {
  const model = createScriptedTestModel(steps);
  return runTurn({ tools: createWorkspaceTools().all, model: model.client, input: [userMessage('go')], turnId: 'turn_gate', ...options });
}

const deleteStep: TestStep[] = [{ calls: [{ name: 'delete_file', arguments: '{"path":"a.txt"}', callId: 'd1' }] }, { text: 'ok' }];

function only<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is Extract<RuntimeEvent, { type: T }> => event.type === type);
}

describe('permission gate in a turn', () => {
  it('denies by mode: read-only refuses a write, model-visibly', async () => {
    const outcome = await run(deleteStep, { permissions: { mode: 'read-only' } });
    expect(only(outcome.events, 'tool-permission')).toMatchObject([{ decision: 'deny', risk: 'destructive', reason: 'Permission mode read-only: delete_file is a destructive tool.' }]);
    expect(only(outcome.events, 'tool-output')).toMatchObject([
      { status: 'denied', output: 'Error: delete_file was not run. Permission denied: Permission mode read-only: delete_file is a destructive tool. Do not retry the same call; choose another approach or ask the user.' },
    ]);
    expect(only(outcome.events, 'tool-call-start')).toHaveLength(0);
  });

  it('denies by rule before anything else', async () => {
    const outcome = await run(deleteStep, { permissions: { mode: 'auto', deny: ['delete_*'] } });
    expect(only(outcome.events, 'tool-permission')[0]).toMatchObject({ decision: 'deny', reason: 'Denied by rule "delete_*".' });
  });

  it('asks a human in auto mode for a destructive tool and runs it when approved', async () => {
    const asked: string[] = [];
    const outcome = await run(deleteStep, {
      requestApproval: async (request) => {
        asked.push(`${request.name} ${JSON.stringify(request.input)}`);
        return { approved: true };
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
    const outcome = await run(deleteStep, { requestApproval: async () => ({ approved: false, reason: 'keep it' }) });
    expect(only(outcome.events, 'tool-approval-response')).toMatchObject([{ approved: false, decidedBy: 'human', reason: 'keep it' }]);
    expect(only(outcome.events, 'tool-output')[0]?.output).toBe(
      'Error: delete_file was not run. Permission denied: a human denied it: keep it. Do not retry the same call; choose another approach or ask the user.',
    );
  });

  it('treats no answer within the timeout as denied', async () => {
    const outcome = await run(deleteStep, { requestApproval: () => new Promise(() => undefined), approvalTimeoutMs: 20 });
    expect(only(outcome.events, 'tool-approval-response')).toMatchObject([{ approved: false, decidedBy: 'timeout' }]);
    expect(only(outcome.events, 'tool-output')[0]).toMatchObject({ status: 'denied' });
    expect(outcome.reason).toBe('completed');
  });

  it('asks for every non-read tool in review mode but not for reads', async () => {
    const outcome = await run(
      [{ calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'r' }, { name: 'write_file', arguments: '{"path":"x","content":"y"}', callId: 'w' }] }, { text: 'ok' }],
      { permissions: { mode: 'review' }, requestApproval: async () => ({ approved: true }) },
    );
    expect(only(outcome.events, 'tool-permission').map((event) => [event.callId, event.decision])).toEqual([['r', 'allow'], ['w', 'ask']]);
  });
});
