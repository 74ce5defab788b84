import { describe, expect, it } from 'vitest';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { SIDE_BY_SIDE_LIMITS } from '@/lib/contract';
import { selectActiveBranch } from '@/lib/client/conversation-state';
import { describeModelConfig } from '@/lib/client/describe-model-config';
import { selectModelConfigs } from '@/lib/client/model-configs-slice';
import { createInitialState, isAnyRunActive, playgroundReducer, type PlaygroundAction, type PlaygroundState } from '@/lib/client/playground-state';
import { canKeepColumn } from '@/lib/client/side-by-side-slice';
import { buildSideBySideRequests } from '@/lib/client/build-side-by-side-requests';
import type { RuntimeEvent } from '@/lib/runtime';

function reduce(state: PlaygroundState, ...actions: PlaygroundAction[]): PlaygroundState {
  return actions.reduce(playgroundReducer, state);
}

function turnEvents(turnId: string): RuntimeEvent[] {
  return [
    { type: 'turn-start', turnId, seq: 0, at: 0, mode: 'chat', model: 'embedded:auto', permissionMode: 'auto', maxIterations: 8, userMessage: 'hi' },
    { type: 'turn-end', turnId, seq: 1, at: 5, reason: 'completed', iterations: 1, conversation: [{ role: 'user', content: 'hi' }], state: { files: {}, loadedTools: [] } },
  ];
}

function threeWires(): PlaygroundState {
  return reduce(createInitialState(), { type: 'model-config-added' }, { type: 'model-config-added' });
}

function started(state: PlaygroundState): PlaygroundState {
  const columns = selectModelConfigs(state).map((settings, index) => ({ settings, runId: 10 + index }));
  return reduce(state, { type: 'side-by-side-started', message: 'hi', columns });
}

describe('model configurations', () => {
  it('adds columns on the embedded wires no column uses yet, up to the limit', () => {
    const state = reduce(threeWires(), { type: 'model-config-added' }, { type: 'model-config-added' });
    const configs = selectModelConfigs(state);
    expect(configs.map((config) => config.wire)).toEqual(['openai', 'anthropic', 'gemini', 'gemini']);
    expect(configs).toHaveLength(SIDE_BY_SIDE_LIMITS.modelConfigs);
    expect(configs.map(describeModelConfig)).toEqual(['auto · Responses wire', 'auto · Anthropic wire', 'auto · Gemini wire', 'auto · Gemini wire']);
  });

  it('fits the side-by-side columns in the turns one address may run at once', () => {
    expect(SIDE_BY_SIDE_LIMITS.modelConfigs).toBeLessThanOrEqual(CONCURRENT_TURN_LIMITS.perAddress);
  });

  it('edits the form model as configuration 0 and lets the next take its place when it is removed', () => {
    let state = reduce(threeWires(), { type: 'model-config-changed', index: 0, change: { seed: 7 } }, { type: 'model-config-changed', index: 2, change: { provider: 'gemini' } });
    expect(state.model.seed).toBe(7);
    expect(state.extraModels[1]?.provider).toBe('gemini');
    state = reduce(state, { type: 'model-config-removed', index: 0 });
    expect(state.model.wire).toBe('anthropic');
    expect(state.extraModels.map((config) => config.provider)).toEqual(['gemini']);
    state = reduce(state, { type: 'model-config-removed', index: 1 }, { type: 'model-config-removed', index: 0 });
    expect(selectModelConfigs(state)).toHaveLength(1);
  });
});

describe('side-by-side columns', () => {
  it('sends each remote column with its own row’s base URL and the key typed for that server, never another row’s', () => {
    let state = reduce(
      createInitialState(),
      { type: 'message-changed', message: 'hi' },
      { type: 'model-changed', model: { provider: 'anthropic', anthropic: { model: 'claude-sonnet-4-5', baseURL: '' } } },
      { type: 'api-key-changed', provider: 'anthropic', baseURL: '', key: 'sk-ant-form' },
      { type: 'model-config-added' },
      { type: 'model-config-added' },
    );
    state = reduce(
      state,
      { type: 'model-config-changed', index: 1, change: { anthropic: { model: 'claude-haiku-4-5', baseURL: 'https://proxy.example/anthropic' } } },
      { type: 'api-key-changed', provider: 'anthropic', baseURL: 'https://proxy.example/anthropic/', key: 'sk-ant-proxy' },
      { type: 'model-config-changed', index: 2, change: { provider: 'openai', openai: { model: 'gpt-5-mini', baseURL: 'https://other.example/v1' } } },
    );
    const built = buildSideBySideRequests(state);
    if (!built.ok) throw new Error(built.error);
    expect(built.value.map(({ request }) => request.model)).toEqual([
      { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant-form' },
      { provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-proxy', baseURL: 'https://proxy.example/anthropic' },
      // No key was typed for this server: none goes, not the form's nor another row's.
      { provider: 'openai', model: 'gpt-5-mini', baseURL: 'https://other.example/v1' },
    ]);
    expect(built.value.every(({ request }) => request.messages[0]?.content === 'hi')).toBe(true);
  });

  it('names the configuration that cannot run', () => {
    const state = reduce(threeWires(), { type: 'message-changed', message: 'hi' }, { type: 'model-config-changed', index: 1, change: { provider: 'gemini', gemini: { model: ' ', baseURL: '' } } });
    expect(buildSideBySideRequests(state)).toEqual({ ok: false, error: 'Model 2: Choose a Gemini model name, e.g. gemini-2.5-flash.' });
  });

  it('streams each column into its own turn and keeps the chosen one as the conversation', () => {
    let state = started(threeWires());
    expect(isAnyRunActive(state)).toBe(true);
    for (const event of turnEvents('t-a')) state = reduce(state, { type: 'column-updated', runId: 10, update: { kind: 'event', event } });
    state = reduce(state, { type: 'column-updated', runId: 10, update: { kind: 'finished' } });
    state = reduce(state, { type: 'column-updated', runId: 11, update: { kind: 'failed', message: 'At most 4 turns may run at once from your address' } });
    const [first, second, third] = state.sideBySide?.columns ?? [];
    expect(first?.run).toMatchObject({ turnId: 't-a', phase: 'ended' });
    expect(second?.run).toMatchObject({ phase: 'ended', errors: ['At most 4 turns may run at once from your address'] });
    expect(third?.run.phase).toBe('starting');
    expect(canKeepColumn(first!)).toBe(true);
    expect(canKeepColumn(second!)).toBe(false);
    expect(reduce(state, { type: 'column-kept', runId: 11 })).toBe(state);

    state = reduce(state, { type: 'column-updated', runId: 12, update: { kind: 'finished' } }, { type: 'column-kept', runId: 10 });
    expect(state.sideBySide).toBeNull();
    expect(selectActiveBranch(state.conversation).turns.map((turn) => turn.turnId)).toEqual(['t-a']);
  });

  it('numbers the columns’ turn after the turns of the conversation they continue', () => {
    let state = started(threeWires());
    expect(state.sideBySide?.earlierTurns).toBe(0);
    for (const event of turnEvents('t-a')) state = reduce(state, { type: 'column-updated', runId: 10, update: { kind: 'event', event } });
    state = reduce(state, { type: 'column-updated', runId: 10, update: { kind: 'finished' } }, { type: 'column-kept', runId: 10 });
    state = reduce(state, { type: 'model-config-added' });
    state = reduce(state, { type: 'side-by-side-started', message: 'and then?', columns: selectModelConfigs(state).map((settings, index) => ({ settings, runId: 20 + index })) });
    expect(state.sideBySide?.earlierTurns).toBe(1);
  });

  it('gives the message back to an empty composer when the columns close, and keeps a newer one', () => {
    const state = started(threeWires());
    expect(reduce(state, { type: 'side-by-side-closed' }).message).toBe('hi');
    expect(reduce(state, { type: 'message-changed', message: 'next' }, { type: 'side-by-side-closed' }).message).toBe('next');
    const cleared = reduce(state, { type: 'conversation-cleared' });
    expect(cleared.sideBySide).toBeNull();
    expect(cleared.message).toBe('hi');
  });

  it('ignores updates for runs that are not a column', () => {
    const state = started(threeWires());
    expect(reduce(state, { type: 'column-updated', runId: 99, update: { kind: 'finished' } })).toBe(state);
  });
});
