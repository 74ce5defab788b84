import { describe, expect, it } from 'vitest';
import { POST as postEvaluation } from '@/app/api/evaluations/route';
import { GET as getSession } from '@/app/api/sessions/[id]/route';
import { POST as postTraceImport } from '@/app/api/traces/import/route';
import { checkAssertions, sessionAssertionsSchema } from '@/lib/assertions';
import { createInitialState, playgroundReducer, selectActiveBranch, type PlaygroundState } from '@/lib/client';
import { buildEvaluationRequest } from '@/lib/client/evaluation';
import { readCheckedSessionRecord, type SessionRecord } from '@/lib/sessions';
import { recordAiSdkTrace } from '../../support/traces/record-ai-sdk-trace';
import { WEATHER_FOLLOW_UP, WEATHER_SCENARIO } from '../../support/traces/trace-scenario';
import { readEvaluationEvents } from '../../support/read-evaluation-events';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';


function params(id: string) {
  return { params: Promise.resolve({ id }) };
}

async function readStored(id: string): Promise<SessionRecord> {
  const read = readCheckedSessionRecord(await (await getSession(new Request(`http://localhost/api/sessions/${id}`), params(id))).json());
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

/** The AI SDK conversation trace imported through the route, and the page's state once the session opens. */
async function openImportedConversation(): Promise<{ record: SessionRecord; state: PlaygroundState }> {
  const body = JSON.stringify(await recordAiSdkTrace(WEATHER_SCENARIO, { followUps: [WEATHER_FOLLOW_UP] }));
  const response = await postTraceImport(new Request('http://localhost/api/traces/import', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.21' }, body }));
  expect(response.status).toBe(201);
  const record = await readStored(((await response.json()) as { id: string }).id);
  return { record, state: playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'shared' }) };
}

useTemporarySessionStore('pglite-trace-start-');

describe('an imported trace as the starting point', () => {
  it('takes assertions on its recorded turns, as the assertions panel checks them', { timeout: 120_000 }, async () => {
    const { state } = await openImportedConversation();
    const turns = selectActiveBranch(state.conversation).turns.map((turn) => turn.events);
    expect(turns).toHaveLength(2);
    // Parsed as the panel parses what a person types.
    const assertions = sessionAssertionsSchema.parse([
      { kind: 'tool-called', name: 'get_weather', called: true, turn: 1 },
      { kind: 'arguments-match', name: 'get_weather', turn: 1, match: { kind: 'partial', value: { city: 'Rome' } } },
      { kind: 'call-order', names: ['get_weather', 'suggest_outfit'] },
      { kind: 'tool-called', name: 'suggest_outfit', called: true, turn: 1 },
      { kind: 'no-rejected-calls' },
    ]);
    const verdicts = checkAssertions(assertions, turns);
    expect(verdicts.map((verdict) => verdict.pass)).toEqual([true, true, true, false, true]);
    expect(verdicts[3]!.message).toMatch(/suggest_outfit was never called in turn 2/);
  });

  it('runs an evaluation of the next message after the imported conversation, its tools answered from the recording', { timeout: 180_000 }, async () => {
    const { record, state } = await openImportedConversation();
    // The person asks again with the embedded auto model: its seeded runs call the recorded tools.
    const asked: PlaygroundState = { ...state, message: 'Weather in Rome?', model: { ...state.model, provider: 'auto' } };
    const assertions = sessionAssertionsSchema.parse([{ kind: 'tool-called', name: 'get_weather', called: true }, { kind: 'no-rejected-calls' }]);
    const body = buildEvaluationRequest(asked, { runs: 3, variantA: { source: record.playground.source }, withConversation: true, assertions });
    if (!body.ok) throw new Error(body.error);
    expect(body.value.turn.conversation?.length).toBeGreaterThan(0);
    const response = await postEvaluation(new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.22' }, body: JSON.stringify(body.value) }));
    expect(response.status).toBe(200);
    const events = await readEvaluationEvents(response);
    expect(events.at(-1)).toEqual({ type: 'evaluation-end', status: 'finished', finished: 6, totalRuns: 6 });
    const outcomes = events.flatMap((event) => (event.type === 'run-end' ? [event.outcome] : []));
        for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'completed', assertions: [{ pass: true }, { pass: true }] });
    const run = await readStored(outcomes[0]!.sessionId!);
    const outputs = run.turns.at(-1)!.events.flatMap((event) => (event.type === 'tool-output' ? [event.output] : []));
    expect(outputs).toContain('{"city":"Rome","celsius":24}');
  });
});
