import { describe, expect, it } from 'vitest';
import { replaySession } from '@/lib/replay';
import { runTurnOnTape } from '@/lib/server/replay';
import { exportSessionTrace, importTrace } from '@/lib/traces';
import { importAndRecord } from '../../support/traces/import-and-record';
import { expectImported } from '../../support/traces/expect-imported';
import { recordAgentsTrace } from '../../support/traces/record-agents-trace';
import { recordAiSdkTrace } from '../../support/traces/record-ai-sdk-trace';
import { WEATHER_FOLLOW_UP, WEATHER_SCENARIO } from '../../support/traces/trace-scenario';

const FIRST_SCRIPT = [
  { calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }, { name: 'get_weather', arguments: '{"city":"Atlantis"}' }] },
  { text: 'Paris is 18 °C; Atlantis has no station.', calls: [{ name: 'suggest_outfit', arguments: '{"celsius":18}' }] },
  { text: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' },
];
const SECOND_SCRIPT = [{ calls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }] }, { text: 'Rome: 24 °C, a T-shirt.' }];

const CONVERSATIONS = [
  ['AI SDK (two generateText calls, the second sent the first one\'s messages and a new user message)', () => recordAiSdkTrace(WEATHER_SCENARIO, { followUps: [WEATHER_FOLLOW_UP] })],
  ['OpenAI Agents (two runs in one withTrace, the second sent the history and a new user message)', () => recordAgentsTrace(WEATHER_SCENARIO, { sensitive: true, followUps: [WEATHER_FOLLOW_UP] })],
] as const;

describe('importTrace: a trace of several user messages becomes a conversation, one turn per message', () => {
  it.each(CONVERSATIONS)('%s', async (_library, record) => {
    const imported = expectImported(importTrace(await record()));
    const turns = imported.session.turns.map((turn) => ({ messages: turn.request.messages, model: turn.request.model, maxIterations: turn.request.maxIterations, instructions: turn.request.instructions }));
    expect(turns).toEqual([
      { messages: [{ role: 'user', content: WEATHER_SCENARIO.prompt }], model: { provider: 'scripted', script: [...FIRST_SCRIPT, ...SECOND_SCRIPT] }, maxIterations: 3, instructions: 'You are a terse travel assistant.' },
      { messages: [{ role: 'user', content: 'And in Rome?' }], model: { provider: 'scripted', script: [...FIRST_SCRIPT, ...SECOND_SCRIPT] }, maxIterations: 2, instructions: 'You are a terse travel assistant.' },
    ]);
    expect(new Set(imported.session.turns.map((turn) => turn.turnId)).size).toBe(2);
    expect(imported.session.playground.message).toBe('And in Rome?');
    expect(imported.session.playground.maxIterations).toBe(3);
    expect(imported.notes.some((note) => /turn ends at this model call|not in the session/.test(note.reason))).toBe(false);
    expect(imported.notes.filter((note) => note.where.startsWith('turn 2, tape entry')).length).toBe(2);
  });

  it('starts a turn from the last user message when the app sent it without the conversation so far, and says so', async () => {
    const imported = expectImported(importTrace(await recordAiSdkTrace(WEATHER_SCENARIO, { followUps: [{ ...WEATHER_FOLLOW_UP, prompt: 'Weather in Rome?', alone: true }] })));
    expect(imported.session.turns.map((turn) => turn.request.messages)).toEqual([[{ role: 'user', content: WEATHER_SCENARIO.prompt }], [{ role: 'user', content: 'Weather in Rome?' }]]);
    expect(imported.notes).toContainEqual({ where: expect.stringMatching(/^span [0-9a-f]{16} \(ai\.generateText\.doGenerate\)$/), reason: expect.stringMatching(/^Its input holds a user message the calls before it did not, without all of theirs: it starts a new turn/) });
  });

  it('keeps an Agents export without response bodies as one turn: its user messages are not known', async () => {
    const imported = expectImported(importTrace(await recordAgentsTrace(WEATHER_SCENARIO, { followUps: [WEATHER_FOLLOW_UP] })));
    expect(imported.session.turns).toHaveLength(1);
    expect(imported.notes.map((note) => note.where)).toContain('response spans');
  });
});

describe('an imported conversation on the turn path', () => {
  it.each(CONVERSATIONS)('%s: each turn continues the one before and replays identically', async (_library, record) => {
    const session = await importAndRecord(await record());
    const [first, second] = session.turns;
    const firstEnd = first!.events.at(-1);
    expect(firstEnd).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' });
    expect(second!.request.conversation).toEqual(firstEnd?.type === 'turn-end' ? firstEnd.conversation : undefined);
    expect(second!.events.flatMap((event) => (event.type === 'tool-output' ? [event.output] : []))).toEqual(['{"city":"Rome","celsius":24}']);
    expect(second!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Rome: 24 °C, a T-shirt.' });
    const report = await replaySession(session, (turn) => runTurnOnTape(turn));
    expect(report).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }, { turn: 1, identical: true, differences: 0 }] });
  });

  it('exports as a trace that imports again as the same conversation: one turn per user message, the same calls', async () => {
    const session = await importAndRecord(await recordAiSdkTrace(WEATHER_SCENARIO, { followUps: [WEATHER_FOLLOW_UP] }));
    const again = expectImported(importTrace(JSON.parse(JSON.stringify(exportSessionTrace(session))) as unknown));
    expect(again.format).toBe('otel-genai');
    expect(again.session.turns.map((turn) => turn.request.messages)).toEqual([[{ role: 'user', content: WEATHER_SCENARIO.prompt }], [{ role: 'user', content: 'And in Rome?' }]]);
    expect(again.session.turns[1]!.request.model).toEqual({ provider: 'scripted', script: [...FIRST_SCRIPT, ...SECOND_SCRIPT] });
    expect(again.notes.some((note) => note.reason.startsWith('Its input holds a user message'))).toBe(false);
  });
});
