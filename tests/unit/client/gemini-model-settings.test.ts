import { describe, expect, it } from 'vitest';
import { buildModelConfig } from '@/lib/client/build-turn-request';
import { bindApiKey, describeDestination } from '@/lib/client/api-key-ring';
import { modelFormSchema } from '@/lib/client/playground-schemas';
import { createInitialState } from '@/lib/client/playground-state';
import { requestModelConfigSchema } from '@/lib/contract';

const initial = createInitialState().model;

describe('choosing Gemini and the embedded wire format in the run panel', () => {
  it('builds a Gemini config with the key typed for its base URL and the function-calling mode', () => {
    const keys = bindApiKey([], { provider: 'gemini', baseURL: '', key: 'AIza-typed' });
    const settings = { ...initial, provider: 'gemini' as const, gemini: { model: ' gemini-2.5-pro ', baseURL: '' }, geminiMode: 'VALIDATED' as const };
    const built = buildModelConfig(settings, '[]', keys);
    expect(built).toEqual({ ok: true, value: { provider: 'gemini', model: 'gemini-2.5-pro', apiKey: 'AIza-typed', functionCallingMode: 'VALIDATED' } });
    expect(built.ok && requestModelConfigSchema.safeParse(built.value).success).toBe(true);
    // A key typed for Google's endpoint is not sent to another base URL.
    const elsewhere = buildModelConfig({ ...settings, gemini: { model: 'gemini-2.5-pro', baseURL: 'https://proxy.example' } }, '[]', keys);
    expect(elsewhere).toEqual({ ok: true, value: { provider: 'gemini', model: 'gemini-2.5-pro', baseURL: 'https://proxy.example', functionCallingMode: 'VALIDATED' } });
    expect(buildModelConfig({ ...settings, gemini: { model: '', baseURL: '' } }, '[]')).toEqual({ ok: false, error: 'Choose a Gemini model name, e.g. gemini-2.5-flash.' });
    expect(describeDestination('gemini', '')).toContain('GEMINI_BASE_URL');
  });

  it('sends the embedded model\'s wire only when it is Gemini\'s', () => {
    expect(buildModelConfig({ ...initial, provider: 'auto', wire: 'gemini' }, '[]')).toEqual({ ok: true, value: { provider: 'auto', seed: initial.seed, wire: 'gemini' } });
    expect(buildModelConfig({ ...initial, provider: 'scripted', wire: 'gemini' }, '[{"text":"hi"}]')).toEqual({ ok: true, value: { provider: 'scripted', script: [{ text: 'hi' }], wire: 'gemini' } });
    expect(buildModelConfig({ ...initial, provider: 'auto' }, '[]')).toEqual({ ok: true, value: { provider: 'auto', seed: initial.seed } });
  });

  it('reads a draft saved before Gemini was a choice', () => {
    const { gemini: _gemini, wire: _wire, ...older } = initial;
    expect(modelFormSchema.parse(older)).toEqual({ ...older, gemini: { model: 'gemini-2.5-flash', baseURL: '' }, wire: 'openai' });
  });
});
