import { describe, expect, it } from 'vitest';
import {
  runtimeEventSchema,
  type RuntimeEvent,
  runToolCall,
  runTurn,
  type OpenTurnTools,
  type TurnToolsFailure,
  err,
  ok,
  type Result,
  type Tool,
} from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../support/sample-tools';

/** An `openTools` the test settles by hand, so the order of events around the opening is the test's to see. */
function createPendingTools() {
  let settle: (result: Result<readonly Tool[], TurnToolsFailure>) => void = () => undefined;
  const opened = new Promise<Result<readonly Tool[], TurnToolsFailure>>((resolve) => {
    settle = resolve;
  });
  let calls = 0;
  const openTools: OpenTurnTools = () => {
    calls += 1;
    return opened;
  };
  return { openTools, settle: (result: Result<readonly Tool[], TurnToolsFailure>) => settle(result), calls: () => calls };
}

/** Resolves once `events` holds an event of `type` (the run emits synchronously into it). */
async function waitForEvent(events: RuntimeEvent[], type: RuntimeEvent['type']): Promise<void> {
  for (let round = 0; round < 50 && !events.some((event) => event.type === type); round += 1) await new Promise((resolve) => setImmediate(resolve));
}

function expectWellFormed(events: RuntimeEvent[]): void {
  expect(events.map((event) => event.seq)).toEqual([...events.keys()]);
  for (const event of events) expect(runtimeEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
}

const MODULE_ERROR: TurnToolsFailure = {
  code: 'module-error',
  message: 'The tool module has 2 errors; fix them to run a turn.',
  diagnostics: [
    { message: 'Expected ")" but found "schema"', line: 3, column: 14, severity: 'error' },
    { message: 'Tool bad name: name must match ^[a-zA-Z0-9_-]{1,64}$', line: 7, column: 3, severity: 'error' },
  ],
};

describe('a turn whose tools are opened after it started', () => {
  it('sends turn-start before the sandbox opens, then sandbox-ready, then the turn as usual', async () => {
    const pending = createPendingTools();
    const events: RuntimeEvent[] = [];
    const { client } = createScriptedTestModel([{ calls: [{ name: 'read_file', arguments: '{"path":"a.txt"}' }] }, { text: 'Done.' }]);
    const running = runTurn({ tools: pending.openTools, model: client, input: [userMessage('Read a.txt.')], host: { turnId: 'turn_open', onEvent: (event) => events.push(event) } });
    await waitForEvent(events, 'turn-start');
    // The sandbox has not answered: the turn has started and waits for it, and nothing else happened.
    expect(pending.calls()).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['turn-start']);
    pending.settle(ok(createWorkspaceTools().all));
    const outcome = await running;
    expectWellFormed(outcome.events);
    expect(outcome.events.slice(0, 4).map((event) => event.type)).toEqual(['turn-start', 'sandbox-ready', 'tools-assembled', 'model-request']);
    expect(outcome.events[1]).toMatchObject({ type: 'sandbox-ready', toolCount: createWorkspaceTools().all.length, durationMs: expect.any(Number) });
    expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Done.' });
  });

  it('measures sandbox-ready from turn-start on the turn clock', async () => {
    let now = 1000;
    const pending = createPendingTools();
    const { client } = createScriptedTestModel([{ text: 'Hi.' }]);
    const running = runTurn({ tools: pending.openTools, model: client, input: [userMessage('Hi')], host: { clock: { now: () => now } } });
    now += 38;
    pending.settle(ok([]));
    const outcome = await running;
    expect(outcome.events[1]).toMatchObject({ type: 'sandbox-ready', at: 38, durationMs: 38, toolCount: 0 });
  });

  it('ends the turn with the module errors when the module does not evaluate: no tools, no request', async () => {
    const pending = createPendingTools();
    const { client, requests } = createScriptedTestModel([]);
    const running = runTurn({ tools: pending.openTools, model: client, input: [userMessage('Go')], host: { readFiles: () => ({ 'notes.md': 'kept' }) } });
    pending.settle(err(MODULE_ERROR));
    const outcome = await running;
    expectWellFormed(outcome.events);
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    expect(outcome.events[1]).toMatchObject({ type: 'sandbox-error', ...MODULE_ERROR });
    expect(outcome.events[2]).toMatchObject({
      type: 'turn-end',
      reason: 'error',
      iterations: 0,
      error: 'The tool module has 2 errors; fix them to run a turn. tools.ts:3:14 Expected ")" but found "schema"; tools.ts:7:3 Tool bad name: name must match ^[a-zA-Z0-9_-]{1,64}$',
      state: { files: { 'notes.md': 'kept' }, loadedTools: [] },
      conversation: [{ type: 'message', role: 'user', content: 'Go' }],
    });
    expect(requests).toEqual([]);
  });

  it('names at most three errors in turn-end and counts the rest; sandbox-error keeps them all', async () => {
    const diagnostics = Array.from({ length: 5 }, (_, index) => ({ message: `problem ${index + 1}`, line: index + 1, column: 1, severity: 'error' as const }));
    const outcome = await runTurn({ tools: () => Promise.resolve(err({ code: 'module-error', message: 'The tool module has 5 errors; fix them to run a turn.', diagnostics })), model: createScriptedTestModel([]).client, input: [userMessage('Go')] });
    expect(outcome.events[1]).toMatchObject({ type: 'sandbox-error', diagnostics });
    expect(outcome.events.at(-1)).toMatchObject({ reason: 'error', error: expect.stringMatching(/tools\.ts:3:1 problem 3; and 2 more$/) });
  });

  it('reports a sandbox that could not open without diagnostics, and redacts what it says', async () => {
    const outcome = await runTurn({
      tools: () => Promise.resolve(err({ code: 'sandbox-unavailable', message: 'The sandbox could not open: worker lost with key sk-proj-abcdefghijklmnopqrstuvwxyz', diagnostics: [] })),
      model: createScriptedTestModel([]).client,
      input: [userMessage('Go')],
    });
    expect(outcome.events[1]).toMatchObject({ type: 'sandbox-error', code: 'sandbox-unavailable', message: 'The sandbox could not open: worker lost with key [REDACTED]', diagnostics: [] });
    expect(outcome.events.at(-1)).toMatchObject({ reason: 'error', error: 'The sandbox could not open: worker lost with key [REDACTED]' });
  });

  it('ends as aborted when stopped while its sandbox opens, without waiting for it', async () => {
    const pending = createPendingTools();
    const controller = new AbortController();
    const running = runTurn({ tools: pending.openTools, model: createScriptedTestModel([]).client, input: [userMessage('Go')], host: { signal: controller.signal } });
    controller.abort('stop');
    const outcome = await running;
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'turn-end']);
    expect(outcome.events.at(-1)).toMatchObject({ reason: 'aborted', iterations: 0 });
  });

  it('has no sandbox step when its tools were given', async () => {
    const outcome = await runTurn({ tools: createWorkspaceTools().all, model: createScriptedTestModel([{ text: 'Hi.' }]).client, input: [userMessage('Hi')] });
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'tools-assembled', 'model-request', 'model-response', 'turn-end']);
  });
});

describe('a direct call whose tools are opened after it started', () => {
  it('has the same sandbox step between turn-start and tools-assembled', async () => {
    const pending = createPendingTools();
    const events: RuntimeEvent[] = [];
    const running = runToolCall({ tools: pending.openTools, name: 'read_file', arguments: '{"path":"a.txt"}', host: { onEvent: (event) => events.push(event) } });
    await waitForEvent(events, 'turn-start');
    expect(events.map((event) => event.type)).toEqual(['turn-start']);
    pending.settle(ok(createWorkspaceTools().all));
    const outcome = await running;
    expectWellFormed(outcome.events);
    expect(outcome.events.slice(0, 4).map((event) => event.type)).toEqual(['turn-start', 'sandbox-ready', 'tools-assembled', 'tool-call-direct']);
    expect(outcome.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
  });

  it('ends with the module errors when the module does not evaluate', async () => {
    const outcome = await runToolCall({ tools: () => Promise.resolve(err(MODULE_ERROR)), name: 'read_file', arguments: '{}' });
    expectWellFormed(outcome.events);
    expect(outcome.events.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    expect(outcome).toMatchObject({ reason: 'error', error: expect.stringContaining('tools.ts:3:14') });
  });
});
