import { describe, expect, it } from 'vitest';
import { runTurn, type RunTurnOptions, type RuntimeEvent, runtimeEventSchema } from '@/lib/runtime';
import { createScriptedTestModel, userMessage, type TestStep } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../support/sample-tools';

function run(steps: TestStep[], options: Partial<RunTurnOptions> = {}) {
  const model = createScriptedTestModel(steps);
  const promise = runTurn({ tools: createWorkspaceTools().all, model: model.client, input: [userMessage('go')], ...options, host: { turnId: 'turn_test', ...options.host } });
  return { model, promise };
}

/** `type` or `type:callId` per event, compact enough to compare whole sequences. */
function trace(events: RuntimeEvent[]): string[] {
  return events.map((event) => ('callId' in event ? `${event.type}:${event.callId}` : event.type));
}

function outputsOf(events: RuntimeEvent[]) {
  return events.flatMap((event) => (event.type === 'tool-output' ? [{ callId: event.callId, status: event.status, output: event.output }] : []));
}

describe('runTurn', () => {
  it('runs a single call and feeds its output back', async () => {
    const { model, promise } = run([{ calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}', callId: 'c1' }] }, { text: 'It says alpha.' }]);
    const outcome = await promise;
    expect(trace(outcome.events)).toEqual([
      'turn-start', 'tools-assembled', 'model-request', 'model-response',
      'tool-input-available:c1', 'dispatch-plan', 'tool-permission:c1', 'tool-call-start:c1', 'tool-output:c1',
      'model-request', 'model-response', 'turn-end',
    ]);
    expect(outcome.reason).toBe('completed');
    expect(outcome.finalText).toBe('It says alpha.');
    expect(model.requests[1]?.input.at(-1)).toEqual({ type: 'function_call_output', call_id: 'c1', output: 'alpha' });
    expect(outcome.events.map((event) => event.seq)).toEqual(outcome.events.map((_, index) => index));
    for (const event of outcome.events) expect(runtimeEventSchema.safeParse(event).success).toBe(true);
    const available = outcome.events.find((event) => event.type === 'tool-input-available');
    expect(available).toMatchObject({ input: { path: 'a.txt' }, activity: 'Reading a.txt' });
  });

  it('runs 8 read-only calls as one overlapping batch', async () => {
    const calls = Array.from({ length: 8 }, (_, index) => ({ name: 'read_file', arguments: `{"path":"a.txt","delayMs":30}`, callId: `r${index}` }));
    const { promise } = run([{ calls }, { text: 'done' }]);
    const outcome = await promise;
    const plan = outcome.events.find((event) => event.type === 'dispatch-plan');
    expect(plan).toMatchObject({ batches: [{ mode: 'parallel', callIds: calls.map((call) => call.callId) }] });
    const types = trace(outcome.events);
    const lastStart = Math.max(...calls.map((call) => types.indexOf(`tool-call-start:${call.callId}`)));
    const firstOutput = Math.min(...calls.map((call) => types.indexOf(`tool-output:${call.callId}`)));
    expect(lastStart).toBeLessThan(firstOutput);
  });

  it('holds a read placed after a write until the write ends, and the read sees the write', async () => {
    const { promise } = run([
      {
        calls: [
          { name: 'read_file', arguments: '{"path":"b.txt"}', callId: 'r1' },
          { name: 'write_file', arguments: '{"path":"b.txt","content":"beta"}', callId: 'w1' },
          { name: 'read_file', arguments: '{"path":"b.txt"}', callId: 'r2' },
        ],
      },
      { text: 'ok' },
    ]);
    const outcome = await promise;
    expect(outcome.events.find((event) => event.type === 'dispatch-plan')).toMatchObject({
      batches: [{ mode: 'parallel', callIds: ['r1'] }, { mode: 'sequential', callIds: ['w1'] }, { mode: 'parallel', callIds: ['r2'] }],
    });
    const types = trace(outcome.events).filter((type) => type.startsWith('tool-call-start') || type.startsWith('tool-output'));
    expect(types).toEqual(['tool-call-start:r1', 'tool-output:r1', 'tool-call-start:w1', 'tool-output:w1', 'tool-call-start:r2', 'tool-output:r2']);
    expect(outputsOf(outcome.events).map((output) => output.output)).toEqual(['No such file: b.txt', 'Wrote 4 bytes to b.txt', 'beta']);
  });

  it('rejects an unknown tool with the closest names, and the turn goes on', async () => {
    const { model, promise } = run([{ calls: [{ name: 'read_fiel', arguments: '{"path":"a.txt"}', callId: 'u1' }] }, { text: 'sorry' }]);
    const outcome = await promise;
    expect(trace(outcome.events).slice(4, 6)).toEqual(['tool-input-error:u1', 'tool-output:u1']);
    expect(outcome.events.find((event) => event.type === 'tool-input-error')).toMatchObject({ code: 'unknown-tool', suggestions: ['read_file'] });
    expect(outputsOf(outcome.events)).toEqual([
      { callId: 'u1', status: 'rejected', output: 'Error: Unknown tool "read_fiel". Did you mean: read_file? Available tools: read_file, write_file, delete_file.' },
    ]);
    expect(model.requests).toHaveLength(2);
    expect(outcome.reason).toBe('completed');
  });

  it('rejects unparseable JSON with a model-visible reason', async () => {
    const { promise } = run([{ calls: [{ name: 'read_file', arguments: 'path is a.txt', callId: 'j1' }] }, { text: 'ok' }]);
    const outcome = await promise;
    const [output] = outputsOf(outcome.events);
    expect(output?.status).toBe('rejected');
    expect(output?.output).toMatch(/^Error: the arguments for read_file could not be used\. /);
    expect(outcome.events.find((event) => event.type === 'tool-input-error')).toMatchObject({ code: 'unparseable-arguments' });
  });

  it('repairs a fenced argument string with a trailing comma and records the rungs', async () => {
    const raw = '```json\n{"path": "a.txt",}\n```';
    const { promise } = run([{ calls: [{ name: 'read_file', arguments: raw, callId: 'f1' }] }, { text: 'ok' }]);
    const outcome = await promise;
    const repair = outcome.events.find((event) => event.type === 'tool-input-repair');
    expect(repair?.type === 'tool-input-repair' && repair.repairs.map((step) => step.rung)).toEqual(['strip-code-fence', 'fix-syntax']);
    expect(outputsOf(outcome.events)).toEqual([{ callId: 'f1', status: 'success', output: 'alpha' }]);
  });

  it('names every invalid path', async () => {
    const { promise } = run([{ calls: [{ name: 'write_file', arguments: '{"path": 3}', callId: 'v1' }] }, { text: 'ok' }]);
    const outcome = await promise;
    const error = outcome.events.find((event) => event.type === 'tool-input-error');
    expect(error).toMatchObject({ code: 'invalid-arguments', issues: [{ path: '/content', message: 'is required but missing' }, { path: '/path', message: 'must be a string, got number' }] });
    expect(outputsOf(outcome.events)[0]?.output).toBe(
      'Error: invalid arguments for write_file:\n- /content: is required but missing\n- /path: must be a string, got number\nFix these and call write_file again.',
    );
  });
});
