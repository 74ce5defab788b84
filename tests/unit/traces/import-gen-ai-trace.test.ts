import { describe, expect, it } from 'vitest';
import { migrateSessionRecord } from '@/lib/sessions';
import { importTrace } from '@/lib/traces';
import { expectImported } from '../../support/traces/expect-imported';
import { recordGenAiTrace } from '../../support/traces/record-gen-ai-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

describe('importTrace: OpenTelemetry GenAI conventions', () => {
  it('turns each chat span into a scripted step, in order, with parallel calls kept together', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO)));
    expect(imported.format).toBe('otel-genai');
    const turn = imported.session.turns[0]!;
    expect(turn.request.instructions).toBe('You are a terse travel assistant.');
    expect(turn.request.messages).toEqual([{ role: 'user', content: WEATHER_SCENARIO.prompt }]);
    expect(turn.request.model).toEqual({
      provider: 'scripted',
      script: [
        { calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_weather', arguments: '{"city":"Atlantis"}' }] },
        { text: 'Paris is 18 °C; Atlantis has no station.', calls: [{ name: 'suggest_outfit', arguments: '{"celsius":18}' }] },
        { text: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' },
      ],
    });
    expect(turn.request.maxIterations).toBe(3);
    expect(migrateSessionRecord(imported.session).ok).toBe(true);
  });

  it('answers each call with its recorded result from the module, the failed call with its error text', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO)));
    const source = imported.session.turns[0]!.request.source;
    expect(source).toContain("name: 'get_weather'");
    expect(source).toContain('additionalProperties: false,\n    },\n    strict: false,');
    expect(source).toContain(`args: { city: 'Paris' },\n        output: '{"city":"Paris","celsius":18}',`);
    expect(source).toContain("{ args: { city: 'Atlantis' }, error: 'No station in Atlantis.' }");
    expect(imported.notes).toContainEqual({ where: 'call call_atlantis (get_weather)', reason: 'It failed in the app (No station in Atlantis.); the module throws that error, so the call fails here too and the model reads it as the runtime words a failed call.' });
  });

  it('reads a failed call recorded only as an exception event (no error status, no error.type)', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO, { exceptionsOnly: true })));
    expect(imported.session.turns[0]!.request.source).toContain("{ args: { city: 'Atlantis' }, error: 'No station in Atlantis.' }");
  });

  it('reads the older conventions, messages as span events', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO, { events: true })));
    const turn = imported.session.turns[0]!;
    expect(turn.request.messages).toEqual([{ role: 'user', content: WEATHER_SCENARIO.prompt }]);
    expect(turn.request.model.provider === 'scripted' && turn.request.model.script.map((step) => step.calls?.map((call) => call.name) ?? [])).toEqual([['get_weather', 'get_weather'], ['suggest_outfit'], []]);
  });

  it('lists a chat span without recorded output and imports the rest', async () => {
    const imported = expectImported(importTrace(await recordGenAiTrace(WEATHER_SCENARIO, { omitOutputAt: 1 })));
    const script = imported.session.turns[0]!.request.model.provider === 'scripted' ? imported.session.turns[0]!.request.model.script : [];
    expect(script).toHaveLength(2);
    expect(imported.notes.some((note) => note.where.includes('chat gpt-4o-mini') && note.reason.startsWith('No output messages were recorded'))).toBe(true);
  });
});

describe('importTrace: repeated calls', () => {
  it('says when two calls with the same arguments got different results', async () => {
    let reading = 0;
    const counter = { name: 'read_counter', description: 'Reads a counter.', parameters: { type: 'object', properties: {} }, execute: () => String((reading += 1)) };
    const scenario = {
      prompt: 'Read the counter twice.',
      tools: [counter],
      steps: [{ calls: [{ id: 'call_1', name: 'read_counter', args: {} }] }, { calls: [{ id: 'call_2', name: 'read_counter', args: {} }] }, { text: 'It went from 1 to 2.' }],
    };
    const imported = expectImported(importTrace(await recordGenAiTrace(scenario)));
    expect(imported.notes).toContainEqual({
      where: 'call call_2 (read_counter)',
      reason: "An earlier call had the same arguments and got another result; the module answers both with the earlier one, so from here the run may differ from the app's.",
    });
  });
});
