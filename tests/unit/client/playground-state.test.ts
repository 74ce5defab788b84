import { describe, expect, it } from 'vitest';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client/playground-state';
import { selectActiveBranch } from '@/lib/client/conversation-state';
import { createInitialState, isRunActive, playgroundReducer, selectRun } from '@/lib/client/playground-state';
import type { RuntimeEvent } from '@/lib/runtime';
import { createCompileResponse, createPreset, createToolView, syntaxError } from './client-fixtures';

function reduce(state: PlaygroundState, ...actions: PlaygroundAction[]): PlaygroundState {
  return actions.reduce(playgroundReducer, state);
}

const turnStart: RuntimeEvent = {
  type: 'turn-start',
  turnId: 't1',
  seq: 0,
  at: 0,
  mode: 'chat',
  model: 'embedded:auto',
  permissionMode: 'auto',
  maxIterations: 8,
  userMessage: 'hi',
};
const turnEnd: RuntimeEvent = { type: 'turn-end', turnId: 't1', seq: 1, at: 5, reason: 'completed', iterations: 1 };

describe('playgroundReducer: compile', () => {
  it('keeps the last good response while newer compiles have errors', () => {
    const good = createCompileResponse([createToolView()]);
    const broken = createCompileResponse([], [syntaxError]);
    const state = reduce(
      createInitialState(),
      { type: 'compile-started' },
      { type: 'compile-succeeded', source: 'v1', response: good },
      { type: 'compile-started' },
      { type: 'compile-succeeded', source: 'v2', response: broken },
    );
    expect(state.compile.pending).toBe(false);
    expect(state.compile.lastGood).toBe(good);
    expect(state.compile.latest).toEqual({ kind: 'compiled', source: 'v2', response: broken });
  });

  it('records a failed request without dropping the last good response', () => {
    const good = createCompileResponse([createToolView()]);
    const state = reduce(
      createInitialState(),
      { type: 'compile-succeeded', source: 'v1', response: good },
      { type: 'compile-started' },
      { type: 'compile-failed', source: 'v2', message: '500 boom' },
    );
    expect(state.compile).toEqual({ pending: false, latest: { kind: 'failed', source: 'v2', message: '500 boom' }, lastGood: good });
  });

  it('treats warnings as a good compile', () => {
    const withWarning = createCompileResponse([createToolView()], [{ ...syntaxError, severity: 'warning' }]);
    const state = reduce(createInitialState(), { type: 'compile-succeeded', source: 'v1', response: withWarning });
    expect(state.compile.lastGood).toBe(withWarning);
  });
});

describe('playgroundReducer: runs', () => {
  it('moves through starting → streaming → ended and records the turn id', () => {
    const started = reduce(createInitialState(), { type: 'run-started', runId: 1, message: 'hi' });
    expect(selectRun(started).phase).toBe('starting');
    expect(isRunActive(selectRun(started))).toBe(true);
    const streaming = reduce(started, { type: 'run-event', runId: 1, event: turnStart });
    expect(selectRun(streaming)).toMatchObject({ phase: 'streaming', turnId: 't1', message: 'hi', events: [turnStart] });
    const ended = reduce(streaming, { type: 'run-event', runId: 1, event: turnEnd }, { type: 'run-finished', runId: 1 });
    expect(selectRun(ended)).toMatchObject({ phase: 'ended', events: [turnStart, turnEnd], errors: [] });
    expect(isRunActive(selectRun(ended))).toBe(false);
  });

  it('keeps every turn of the conversation; a late event of one turn never lands in another', () => {
    const state = reduce(
      createInitialState(),
      { type: 'run-started', runId: 1, message: 'first' },
      { type: 'run-failed', runId: 1, message: 'network down' },
      { type: 'run-started', runId: 2, message: 'second' },
      { type: 'run-event', runId: 1, event: turnStart },
    );
    const turns = selectActiveBranch(state.conversation).turns;
    expect(turns.map((turn) => [turn.runId, turn.message, turn.phase, turn.events.length])).toEqual([
      [1, 'first', 'ended', 1],
      [2, 'second', 'starting', 0],
    ]);
    expect(selectRun(state)).toEqual({ runId: 2, phase: 'starting', turnId: null, message: 'second', events: [], errors: [] });
  });

  it('keeps failures of a turn with it, and problems outside a turn until the next run', () => {
    const failed = reduce(
      createInitialState(),
      { type: 'run-started', runId: 1, message: 'hi' },
      { type: 'problem-reported', message: 'Could not send the decision' },
      { type: 'run-failed', runId: 1, message: '400 source is required' },
    );
    expect(selectRun(failed).phase).toBe('ended');
    expect(selectRun(failed).errors).toEqual(['Could not send the decision', '400 source is required']);
    const problem = reduce(failed, { type: 'problem-reported', message: 'Write a user message first.' });
    expect(problem.problems).toEqual(['Write a user message first.']);
    const next = reduce(problem, { type: 'run-started', runId: 2, message: 'again' });
    expect(next.problems).toEqual([]);
    expect(selectRun(next).errors).toEqual([]);
  });

  it('a Run that could not start says so until the next run starts, with only its own reason', () => {
    const ended = reduce(createInitialState(), { type: 'run-started', runId: 1, message: 'hi' }, { type: 'run-finished', runId: 1 });
    const refused = reduce(
      ended,
      { type: 'run-refused', message: 'The script is not valid JSON: Unexpected token' },
      { type: 'run-refused', message: 'The script step 2 has no "calls" or "text".' },
    );
    expect(refused.runRefused).toBe(true);
    expect(refused.problems).toEqual(['The script step 2 has no "calls" or "text".']);
    // The turn before is still there, untouched: only the status line stops describing it.
    expect(selectRun(refused).phase).toBe('ended');
    const next = reduce(refused, { type: 'run-started', runId: 2, message: 'again' });
    expect([next.runRefused, next.problems]).toEqual([false, []]);
  });

  it('only marks an active run as stopping', () => {
    const idle = createInitialState();
    expect(selectRun(reduce(idle, { type: 'run-stopping', runId: 0 })).phase).toBe('idle');
    const running = reduce(idle, { type: 'run-started', runId: 1, message: 'hi' }, { type: 'run-stopping', runId: 1 });
    expect(selectRun(running).phase).toBe('stopping');
  });

  it('branches: re-running turn 2 keeps turn 1, starts a new branch, and the old branch stays selectable', () => {
    const three = reduce(
      createInitialState(),
      { type: 'run-started', runId: 1, message: 'one' },
      { type: 'run-finished', runId: 1 },
      { type: 'run-started', runId: 2, message: 'two' },
      { type: 'run-finished', runId: 2 },
      { type: 'run-started', runId: 3, message: 'three' },
      { type: 'run-finished', runId: 3 },
    );
    const edited = reduce(three, { type: 'run-started', runId: 4, message: 'two, edited', branchAt: 1 });
    const messages = (state: PlaygroundState) => selectActiveBranch(state.conversation).turns.map((turn) => turn.message);
    expect(messages(edited)).toEqual(['one', 'two, edited']);
    expect(edited.conversation.branches).toHaveLength(2);
    expect(selectActiveBranch(edited.conversation).forkedFrom).toEqual({ branchId: 1, turn: 1 });
    const back = reduce(edited, { type: 'branch-selected', branchId: 1 });
    expect(messages(back)).toEqual(['one', 'two', 'three']);
    // Events of the branch's own run still reach it while another branch is shown.
    const late = reduce(back, { type: 'run-event', runId: 4, event: turnStart });
    expect(late.conversation.branches[1]?.turns[1]?.events).toEqual([turnStart]);
    expect(messages(reduce(late, { type: 'conversation-cleared' }))).toEqual([]);
  });
});

describe('playgroundReducer: presets and settings', () => {
  it('loads every part of a scripted preset', () => {
    const preset = createPreset({
      model: { provider: 'scripted' },
      script: '[{"text":"Done."}]',
      mode: 'task',
      resultSchema: '{"type":"object"}',
      files: { 'a.txt': 'hello' },
      permissionMode: 'review',
      maxIterations: 3,
    });
    const state = reduce(createInitialState(), { type: 'tab-selected', tab: 'files' }, { type: 'preset-loaded', preset });
    expect(state.documents).toEqual({
      tools: preset.source,
      script: '[{"text":"Done."}]',
      'result-schema': '{"type":"object"}',
      files: '{\n  "a.txt": "hello"\n}\n',
    });
    expect(state).toMatchObject({ presetId: 'demo', activeTab: 'tools', message: 'Read a.txt', permissionMode: 'review', mode: 'task', maxIterations: 3 });
    expect(state.model.provider).toBe('scripted');
  });

  it('takes seed and faults from an auto preset and keeps typed API keys', () => {
    const initial = reduce(createInitialState(), { type: 'api-keys-restored', keys: [{ provider: 'openai', baseURL: '', key: 'sk-1' }] });
    const preset = createPreset({ model: { provider: 'auto', seed: 42, faults: { rate: 0.3, kinds: ['malformed-json'] } } });
    const state = reduce(initial, { type: 'preset-loaded', preset });
    expect(state.model).toMatchObject({ provider: 'auto', seed: 42, faultRate: 0.3, faultKinds: ['malformed-json'] });
    expect(state.apiKeys).toEqual([{ provider: 'openai', baseURL: '', key: 'sk-1' }]);
  });

  it('starts from the first preset when given one', () => {
    expect(createInitialState(createPreset()).documents.tools).toBe('export default [];');
    expect(createInitialState().presetId).toBeNull();
  });
});
