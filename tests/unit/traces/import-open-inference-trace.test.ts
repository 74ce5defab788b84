import { describe, expect, it } from 'vitest';
import { migrateSessionRecord } from '@/lib/sessions';
import { importTrace } from '@/lib/traces';
import { expectImported } from '../../support/traces/expect-imported';
import { recordOpenInferenceTrace } from '../../support/traces/record-open-inference-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

describe('importTrace: the OpenInference conventions', () => {
  it.each([true, false])('reads LLM spans as steps and TOOL spans as results (tool_call.id recorded: %s)', async (toolCallIds) => {
    const imported = expectImported(importTrace(await recordOpenInferenceTrace(WEATHER_SCENARIO, { toolCallIds })));
    expect(imported.format).toBe('openinference');
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
    const source = request.source;
    expect(source).toContain("description: 'Current weather for a city.'");
    expect(source).toContain(`args: { city: 'Paris' },\n        output: '{"city":"Paris","celsius":18}',`);
    expect(source).toContain("{ args: { city: 'Atlantis' }, error: 'No station in Atlantis.' }");
    expect(imported.notes).toContainEqual({ where: 'call call_atlantis (get_weather)', reason: 'It failed in the app (No station in Atlantis.); the module throws that error, so the call fails here too and the model reads it as the runtime words a failed call.' });
    expect(migrateSessionRecord(imported.session).ok).toBe(true);
  });
});
