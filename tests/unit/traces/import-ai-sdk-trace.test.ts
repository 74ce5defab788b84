import { describe, expect, it } from 'vitest';
import { migrateSessionRecord } from '@/lib/sessions';
import { importTrace } from '@/lib/traces';
import { expectImported } from '../../support/traces/expect-imported';
import { recordAiSdkTrace } from '../../support/traces/record-ai-sdk-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

describe('importTrace: the AI SDK telemetry (generateText with tools, real spans)', () => {
  it('reads the prompt, and each doGenerate span as a step with its calls in order (parallel ones together)', async () => {
    const imported = expectImported(importTrace(await recordAiSdkTrace(WEATHER_SCENARIO)));
    expect(imported.format).toBe('ai-sdk');
    const request = imported.session.turns[0]!.request;
    expect(request.instructions).toBe('You are a terse travel assistant.');
    expect(request.messages).toEqual([{ role: 'user', content: WEATHER_SCENARIO.prompt }]);
    expect(request.model).toEqual({
      provider: 'scripted',
      script: [
        { calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_weather', arguments: '{"city":"Atlantis"}' }] },
        { text: 'Paris is 18 °C; Atlantis has no station.', calls: [{ name: 'suggest_outfit', arguments: '{"celsius":18}' }] },
        { text: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' },
      ],
    });
    expect(imported.session.title).toBe('Imported from an AI SDK telemetry trace (gpt-4o-mini)');
    expect(migrateSessionRecord(imported.session).ok).toBe(true);
  });

  it('keeps the recorded tool definitions and answers from ai.toolCall results, the failed call with its error', async () => {
    const imported = expectImported(importTrace(await recordAiSdkTrace(WEATHER_SCENARIO)));
    const source = imported.session.turns[0]!.request.source;
    expect(source).toContain("description: 'Current weather for a city.'");
    expect(source).toContain(`args: { city: 'Paris' },\n        output: '{"city":"Paris","celsius":18}',`);
    expect(source).toContain("{ args: { celsius: 18 }, output: 'A light jacket.' }");
    expect(imported.notes).toContainEqual({ where: 'call call_atlantis (get_weather)', reason: 'It failed in the app (No station in Atlantis.); the module throws that error, so the call fails here too and the model reads it as the runtime words a failed call.' });
    expect(imported.notes.some((note) => note.where === 'tools')).toBe(false);
  });

  it('lists the model calls whose responses were not recorded, and refuses a trace with none', async () => {
    const result = importTrace(await recordAiSdkTrace(WEATHER_SCENARIO, { recordOutputs: false }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^The trace holds no model call with a recorded answer, so there is no run to replay\. span [0-9a-f]{16} \(ai\.generateText\.doGenerate\): No response was recorded/);
  });
});
