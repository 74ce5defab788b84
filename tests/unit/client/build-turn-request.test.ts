import { describe, expect, it } from 'vitest';
import { buildModelConfig, buildTurnRequest } from '@/lib/client/build-turn-request';
import type { PlaygroundAction, PlaygroundState } from '@/lib/client/playground-state';
import type { RuntimeEvent } from '@/lib/runtime';
import { createInitialState, playgroundReducer } from '@/lib/client/playground-state';
import { createForkHandoff } from '@/lib/client/fork-handoff';
import { createPreset } from './client-fixtures';
import { createSessionRecord } from './session-fixtures';

function stateWith(change: (state: PlaygroundState) => PlaygroundState): PlaygroundState {
  return change(playgroundReducer(createInitialState(), { type: 'preset-loaded', preset: createPreset() }));
}

describe('buildTurnRequest', () => {
  it('builds an auto-model chat request from the playground', () => {
    const result = buildTurnRequest(stateWith((state) => state));
    expect(result).toEqual({
      ok: true,
      value: {
        source: 'export default [];',
        messages: [{ role: 'user', content: 'Read a.txt' }],
        model: { provider: 'auto', seed: 7 },
        permissions: { mode: 'auto' },
        mode: 'chat',
        maxIterations: 8,
        files: {},
        seed: 7,
      },
    });
  });

  it('sends the model settings that are set, and none when none is', () => {
    const settings = { tool_choice: { type: 'function' as const, name: 'read_file' }, temperature: 0.3, max_output_tokens: undefined };
    const result = buildTurnRequest(stateWith((state) => playgroundReducer(state, { type: 'request-settings-changed', settings })));
    expect(result.ok && result.value.modelSettings).toEqual({ tool_choice: { type: 'function', name: 'read_file' }, temperature: 0.3 });
    const cleared = buildTurnRequest(stateWith((state) => playgroundReducer(state, { type: 'request-settings-changed', settings: { temperature: undefined } })));
    expect(cleared.ok && cleared.value).not.toHaveProperty('modelSettings');
  });

  it('adds faults only when the rate is above zero', () => {
    const result = buildTurnRequest(stateWith((state) => ({ ...state, model: { ...state.model, faultRate: 0.25 } })));
    expect(result.ok && result.value.model).toEqual({ provider: 'auto', seed: 7, faults: { rate: 0.25 } });
  });

  it('parses script.json for the scripted model and reports bad JSON by file name', () => {
    const scripted = (script: string) =>
      buildTurnRequest(stateWith((state) => ({ ...state, model: { ...state.model, provider: 'scripted' }, documents: { ...state.documents, script } })));
    expect(scripted('[{"text":"hi"}]')).toMatchObject({ ok: true, value: { model: { provider: 'scripted', script: [{ text: 'hi' }] } } });
    const broken = scripted('[{"text":');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/^script\.json is not valid JSON/);
    expect(scripted('{"text":"hi"}')).toEqual({ ok: false, error: expect.stringMatching(/must be an array/) });
  });

  it('sends the result schema in task mode only', () => {
    const task = buildTurnRequest(stateWith((state) => ({ ...state, mode: 'task', documents: { ...state.documents, 'result-schema': '{"type":"object"}' } })));
    expect(task).toMatchObject({ ok: true, value: { mode: 'task', resultSchema: { type: 'object' } } });
    const array = buildTurnRequest(stateWith((state) => ({ ...state, mode: 'task', documents: { ...state.documents, 'result-schema': '[]' } })));
    expect(array).toEqual({ ok: false, error: 'result-schema.json must be a JSON object.' });
  });

  it('requires string file contents and a message', () => {
    const files = buildTurnRequest(stateWith((state) => ({ ...state, documents: { ...state.documents, files: '{"a.txt": 1}' } })));
    expect(files).toEqual({ ok: false, error: 'files: the content of "a.txt" must be a string.' });
    expect(buildTurnRequest(stateWith((state) => ({ ...state, message: '  ' })))).toEqual({ ok: false, error: 'Write a user message first.' });
  });

  it('passes remote model settings and omits empty optional fields', () => {
    const openai = buildTurnRequest(
      stateWith((state) => ({ ...state, apiKeys: [{ provider: 'openai', baseURL: '', key: ' sk-x ' }], model: { ...state.model, provider: 'openai', openai: { model: 'gpt-5', baseURL: '' } } })),
    );
    expect(openai.ok && openai.value.model).toEqual({ provider: 'openai', model: 'gpt-5', apiKey: 'sk-x' });
    const compatible = buildTurnRequest(
      stateWith((state) => ({ ...state, model: { ...state.model, provider: 'openai-compatible', compatible: { model: 'llama', baseURL: '' } } })),
    );
    expect(compatible).toEqual({ ok: false, error: expect.stringMatching(/needs a base URL/) });
  });
});

describe('buildTurnRequest and the keys typed in the tab', () => {
  const typed = (state: ReturnType<typeof stateWith>) =>
    playgroundReducer(playgroundReducer(state, { type: 'api-key-changed', provider: 'openai', baseURL: '', key: 'sk-mine' }), {
      type: 'api-key-changed',
      provider: 'openai-compatible',
      baseURL: 'http://localhost:11434/v1/',
      key: 'sk-ollama',
    });

  it('sends a key only to the provider and base URL it was typed for', () => {
    const base = typed(stateWith((state) => state));
    const toOpenAI = buildTurnRequest({ ...base, model: { ...base.model, provider: 'openai', openai: { model: 'gpt-5', baseURL: '' } } });
    expect(toOpenAI.ok && toOpenAI.value.model).toEqual({ provider: 'openai', model: 'gpt-5', apiKey: 'sk-mine' });
    const toStranger = buildTurnRequest({ ...base, model: { ...base.model, provider: 'openai', openai: { model: 'gpt-5', baseURL: 'https://stranger.example/v1' } } });
    expect(toStranger.ok && toStranger.value.model).toEqual({ provider: 'openai', model: 'gpt-5', baseURL: 'https://stranger.example/v1' });
    const toOllama = buildTurnRequest({ ...base, model: { ...base.model, provider: 'openai-compatible', compatible: { model: 'llama', baseURL: 'HTTP://LOCALHOST:11434/v1' } } });
    expect(toOllama.ok && toOllama.value.model).toMatchObject({ apiKey: 'sk-ollama' });
    const toOtherPath = buildTurnRequest({ ...base, model: { ...base.model, provider: 'openai-compatible', compatible: { model: 'llama', baseURL: 'http://localhost:11434/v2' } } });
    expect(toOtherPath.ok && toOtherPath.value.model).not.toHaveProperty('apiKey');
  });

  it('gives a shared session, a fork of it or a preset that names another base URL no key', () => {
    const withKeys = typed(createInitialState());
    const record = createSessionRecord();
    const stranger = { ...record, playground: { ...record.playground, model: { provider: 'openai' as const, model: 'gpt-5', baseURL: 'https://stranger.example/v1' } } };
    const shared = playgroundReducer(withKeys, { type: 'session-loaded', record: stranger, origin: 'shared' });
    expect(shared.apiKeys).toEqual(withKeys.apiKeys);
    const handoff = createForkHandoff(shared, { sessionId: record.id, autoRun: true });
    expect(JSON.stringify(handoff)).not.toContain('sk-');
    const forked = playgroundReducer(withKeys, { type: 'fork-restored', handoff });
    // The model part of every request these states build (their recorded conversation aside).
    for (const state of [shared, forked, playgroundReducer(withKeys, { type: 'session-loaded', record: stranger, origin: 'forked' })]) {
      expect(buildModelConfig(state.model, state.documents.script, state.apiKeys)).toEqual({ ok: true, value: { provider: 'openai', model: 'gpt-5', baseURL: 'https://stranger.example/v1' } });
    }
    const preset = playgroundReducer(withKeys, {
      type: 'preset-loaded',
      preset: { id: 'p', title: 'p', summary: '', source: '', model: { provider: 'openai-compatible', model: 'm', baseURL: 'https://stranger.example/v1' }, message: 'hi', permissionMode: 'auto', mode: 'chat' },
    });
    expect(JSON.stringify(buildTurnRequest(preset))).not.toContain('sk-');
  });
});

describe('buildTurnRequest in a conversation', () => {
  const end = (turnId: string, conversation: { [key: string]: string }[]) =>
    ({
      type: 'turn-end',
      turnId,
      seq: 1,
      at: 5,
      reason: 'completed',
      iterations: 1,
      conversation,
      state: { files: { 'notes.md': `written in ${turnId}` }, loadedTools: ['crm.lookup'] },
    }) satisfies RuntimeEvent;
  const withTurns = (...turns: { runId: number; message: string; turnId: string }[]): PlaygroundState => {
    let state = stateWith((initial) => ({ ...initial, instructions: '  Be brief.  ', documents: { ...initial.documents, files: '{"seed.txt":"seed"}' } }));
    for (const turn of turns) {
      const actions: PlaygroundAction[] = [
        { type: 'run-started', runId: turn.runId, message: turn.message },
        { type: 'run-event', runId: turn.runId, event: end(turn.turnId, [{ type: 'message', role: 'user', content: turn.message }]) },
        { type: 'run-finished', runId: turn.runId },
      ];
      state = actions.reduce(playgroundReducer, state);
    }
    return state;
  };

  it('the first turn is seeded from the files tab; the next carries what the previous turn-end returned', () => {
    const first = buildTurnRequest(stateWith((state) => ({ ...state, documents: { ...state.documents, files: '{"seed.txt":"seed"}' } })));
    expect(first.ok && first.value).toMatchObject({ files: { 'seed.txt': 'seed' } });
    expect(first.ok && 'conversation' in first.value).toBe(false);

    const state = withTurns({ runId: 1, message: 'one', turnId: 't1' });
    const next = buildTurnRequest({ ...state, message: 'two' });
    expect(next.ok && next.value).toMatchObject({
      messages: [{ role: 'user', content: 'two' }],
      conversation: [{ type: 'message', role: 'user', content: 'one' }],
      files: { 'notes.md': 'written in t1' },
      loadedTools: ['crm.lookup'],
      instructions: 'Be brief.',
    });
  });

  it('an edit of turn 2 continues from turn 1, whatever came after', () => {
    const state = withTurns({ runId: 1, message: 'one', turnId: 't1' }, { runId: 2, message: 'two', turnId: 't2' }, { runId: 3, message: 'three', turnId: 't3' });
    const edit = buildTurnRequest(state, { message: 'two, edited', branchAt: 1 });
    expect(edit.ok && edit.value).toMatchObject({ messages: [{ content: 'two, edited' }], conversation: [{ content: 'one' }], files: { 'notes.md': 'written in t1' } });
    const fromStart = buildTurnRequest(state, { message: 'zero', branchAt: 0 });
    expect(fromStart.ok && fromStart.value).toMatchObject({ files: { 'seed.txt': 'seed' } });
    expect(fromStart.ok && 'conversation' in fromStart.value).toBe(false);
  });

  it('refuses to continue from a turn that has not ended, or one recorded before conversations', () => {
    const running = playgroundReducer(stateWith((state) => state), { type: 'run-started', runId: 1, message: 'one' });
    expect(buildTurnRequest({ ...running, message: 'two' })).toEqual({ ok: false, error: expect.stringContaining('Turn 1 has not ended') });
    const actions: PlaygroundAction[] = [
      { type: 'run-started', runId: 1, message: 'one' },
      { type: 'run-event', runId: 1, event: { type: 'turn-end', turnId: 't1', seq: 0, at: 1, reason: 'completed', iterations: 1 } },
    ];
    const old = actions.reduce(playgroundReducer, stateWith((state) => state));
    expect(buildTurnRequest({ ...old, message: 'two' })).toEqual({ ok: false, error: expect.stringContaining('recorded before conversations were kept') });
  });
});
