import { describe, expect, it } from 'vitest';
import { migrateSessionRecord } from '@/lib/sessions';
import { importTrace } from '@/lib/traces';
import { expectImported } from '../../support/traces/expect-imported';
import { recordAgentsTrace } from '../../support/traces/record-agents-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

const SCRIPT = [
  { calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_weather', arguments: '{"city":"Atlantis"}' }] },
  { text: 'Paris is 18 °C; Atlantis has no station.', calls: [{ name: 'suggest_outfit', arguments: '{"celsius":18}' }] },
  { text: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' },
];

describe('importTrace: an OpenAI Agents JS trace (captured by a trace processor)', () => {
  it('reads each response span with its input and response as a step, calls in order', async () => {
    const document = await recordAgentsTrace(WEATHER_SCENARIO, { sensitive: true });
    const imported = expectImported(importTrace(document));
    expect(imported.format).toBe('openai-agents');
    const request = imported.session.turns[0]!.request;
    expect(request.messages).toEqual([{ role: 'user', content: WEATHER_SCENARIO.prompt }]);
    expect(request.instructions).toBe('You are a terse travel assistant.');
    expect(request.model).toEqual({ provider: 'scripted', script: SCRIPT });
    expect(migrateSessionRecord(imported.session).ok).toBe(true);
  });

  it('pairs function spans with the calls by tool name in order, the failed one with its error, tools inferred', async () => {
    const imported = expectImported(importTrace(await recordAgentsTrace(WEATHER_SCENARIO, { sensitive: true })));
    const source = imported.session.turns[0]!.request.source;
    expect(source).toContain(`args: { city: 'Paris' },\n        output: '{"city":"Paris","celsius":18}',`);
    expect(source).toContain("output: 'A light jacket.'");
    expect(source).toContain("properties: { city: { type: 'string' } }");
    expect(imported.notes).toContainEqual({ where: 'tools', reason: 'An Agents trace names its tools but not their schemas; they were inferred from the calls.' });
    // The function span's error.data.error is what the tool threw; its message is only "Error running tool (non-fatal)".
    expect(imported.notes).toContainEqual({ where: 'call call_atlantis (get_weather)', reason: 'It failed in the app (No station in Atlantis.); the module throws that error, so the call fails here too and the model reads it as the runtime words a failed call.' });
    expect(source).toContain("{ args: { city: 'Atlantis' }, error: 'No station in Atlantis.' }");
  });

  it('rebuilds the calls from function spans when the export dropped the responses, and says so', async () => {
    const imported = expectImported(importTrace(await recordAgentsTrace(WEATHER_SCENARIO)));
    const request = imported.session.turns[0]!.request;
    expect(request.model.provider === 'scripted' && request.model.script.map((step) => step.calls?.map((call) => call.arguments) ?? [])).toEqual([['{"city":"Paris"}', '{"city":"Atlantis"}'], ['{"celsius":18}'], []]);
    expect(imported.notes.map((note) => note.where)).toEqual(expect.arrayContaining(['response spans', 'the last agent turn', 'messages']));
  });
});
