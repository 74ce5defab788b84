import { describe, expect, it } from 'vitest';
import { replaySession } from '@/lib/replay';
import { runTurnOnTape, runTurnToEnd } from '@/lib/server/replay';
import { prepareStoredSession, type SessionRecord } from '@/lib/sessions';
import { importTrace, recordTraceSession } from '@/lib/traces';
import { recordAgentsTrace } from '../../support/traces/record-agents-trace';
import { recordAiSdkTrace } from '../../support/traces/record-ai-sdk-trace';
import { recordGenAiTrace } from '../../support/traces/record-gen-ai-trace';
import { recordOpenInferenceTrace } from '../../support/traces/record-open-inference-trace';
import { WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

/** A trace imported, run once through the turn path, then checked as an imported session file is. */
async function importAndRecord(document: unknown): Promise<SessionRecord> {
  const imported = importTrace(document);
  if (!imported.ok) throw new Error(imported.reason);
  const recorded = await recordTraceSession(imported.session, (request) => runTurnToEnd({ request, clientId: 'trace-import-test' }));
  if (!recorded.ok) throw new Error(recorded.error);
  const prepared = prepareStoredSession({ kind: 'import', id: recorded.value.id, createdAt: recorded.value.createdAt, text: JSON.stringify(recorded.value) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return recorded.value;
}

describe('an imported trace on the turn path', () => {
  it('runs as the app ran: the calls in order, each answered with its recorded result', async () => {
    const session = await importAndRecord(await recordGenAiTrace(WEATHER_SCENARIO));
    const events = session.turns[0]!.events;
    const outputs = events.flatMap((event) => (event.type === 'tool-output' ? [event.output] : []));
    expect(outputs).toEqual(['{"city":"Paris","celsius":18}', 'No station in Atlantis.', 'A light jacket.']);
    expect(session.turns[0]!.tape).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
  });

  it.each([
    ['OpenTelemetry GenAI', recordGenAiTrace],
    ['OpenInference', recordOpenInferenceTrace],
    ['AI SDK', recordAiSdkTrace],
    ['OpenAI Agents', (scenario: typeof WEATHER_SCENARIO) => recordAgentsTrace(scenario, { sensitive: true })],
  ] as const)('replays a %s trace identically', async (_format, record) => {
    const session = await importAndRecord(await record(WEATHER_SCENARIO));
    const report = await replaySession(session, (turn) => runTurnOnTape(turn));
    expect(report).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }] });
  });
});
