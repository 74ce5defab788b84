import { describe, expect, it } from 'vitest';
import { replaySession } from '@/lib/replay';
import { runTurnOnTape } from '@/lib/server/replay';
import { importAndRecord } from '../../support/traces/import-and-record';
import { recordAgentsTrace } from '../../support/traces/record-agents-trace';
import { recordAiSdkTrace } from '../../support/traces/record-ai-sdk-trace';
import { recordGenAiTrace } from '../../support/traces/record-gen-ai-trace';
import { recordOpenInferenceTrace } from '../../support/traces/record-open-inference-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

/** Each format's recorder, the fixture made by its library (the Agents one with its response bodies kept). */
const FORMATS = [
  ['OpenTelemetry GenAI', recordGenAiTrace],
  ['OpenInference', recordOpenInferenceTrace],
  ['AI SDK', recordAiSdkTrace],
  ['OpenAI Agents', (scenario: typeof WEATHER_SCENARIO) => recordAgentsTrace(scenario, { sensitive: true })],
] as const;

describe('an imported trace on the turn path', () => {
  it.each(FORMATS)('runs a %s trace as the app ran: the calls in order, each answered with its recorded result, the failed one failing with its error', async (_format, record) => {
    const session = await importAndRecord(await record(WEATHER_SCENARIO));
    const events = session.turns[0]!.events;
    const outputs = events.flatMap((event) => (event.type === 'tool-output' ? [[event.status, event.output]] : []));
    expect(outputs).toEqual([
      ['success', '{"city":"Paris","celsius":18}'],
      ['error', 'Error: get_weather failed (threw): No station in Atlantis.'],
      ['success', 'A light jacket.'],
    ]);
    expect(session.turns[0]!.tape).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
  });

  it.each(FORMATS)('replays a %s trace identically', async (_format, record) => {
    const session = await importAndRecord(await record(WEATHER_SCENARIO));
    expect(session.turns[0]!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' });
    const report = await replaySession(session, (turn) => runTurnOnTape(turn));
    expect(report).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }] });
  });
});
