import { describe, expect, it } from 'vitest';
import { buildTurnRequest } from '@/lib/client/build-turn-request';
import type { PlaygroundState } from '@/lib/client/playground-state';
import { createInitialState, playgroundReducer } from '@/lib/client/playground-state';
import { createPreset } from './client-fixtures';

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
      stateWith((state) => ({ ...state, model: { ...state.model, provider: 'openai', openai: { model: 'gpt-5', apiKey: ' sk-x ', baseURL: '' } } })),
    );
    expect(openai.ok && openai.value.model).toEqual({ provider: 'openai', model: 'gpt-5', apiKey: 'sk-x' });
    const compatible = buildTurnRequest(
      stateWith((state) => ({ ...state, model: { ...state.model, provider: 'openai-compatible', compatible: { model: 'llama', apiKey: '', baseURL: '' } } })),
    );
    expect(compatible).toEqual({ ok: false, error: expect.stringMatching(/needs a base URL/) });
  });
});
