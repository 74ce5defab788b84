import { beforeAll, describe, expect, it } from 'vitest';
import { checkReplayOnTape as replayAndCheck } from '@/lib/server/replay/check-replay-on-tape';
import type { SessionAssertion } from '@/lib/contract/assertions/session-assertion';
import { repairLadderPreset } from '@/lib/presets';
import { compactSessionRecord } from '@/lib/sessions/record/compact-session-record';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import { recordConversation, recordPresetSession } from '../assertions/assertion-fixtures';

let record: SessionRecord;
let conversation: SessionRecord;

beforeAll(async () => {
  record = await recordPresetSession(repairLadderPreset);
  conversation = await recordConversation({
    source: repairLadderPreset.source,
    model: {
      provider: 'scripted',
      script: [
        { calls: [{ name: 'get_weather', arguments: '{"city":"Oslo","include_forecast":false}' }] },
        { text: 'Oslo: 14 °C.' },
        { calls: [{ name: 'current_time', arguments: '{}' }, { name: 'get_weather', arguments: '{"city":"Lima","include_forecast":true}' }] },
        { text: 'Lima: 14 °C, warmer later.' },
      ],
    },
    messages: ['Weather in Oslo?', 'And in Lima, with the forecast?'],
  });
}, 30_000);

const assertions: SessionAssertion[] = [
  { kind: 'tool-called', name: 'get_weather', called: true, times: { min: 9 } },
  { kind: 'no-rejected-calls' },
  { kind: 'final-text', contains: 'eight cities' },
];

describe('replayAndCheck', () => {
  it('replays the stored form identically and checks the assertions on the replayed events', async () => {
    const checked = await replayAndCheck({ record: compactSessionRecord(record), assertions });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.turns.map(({ turn, identical, differences }) => ({ turn, identical, differences }))).toEqual([{ turn: 0, identical: true, differences: [] }]);
    expect(checked.value.turns[0]!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
    expect(checked.value.verdicts.map(({ index, pass }) => ({ index, pass }))).toEqual([
      { index: 0, pass: true },
      { index: 1, pass: false },
      { index: 2, pass: true },
    ]);
  });

  it('replays with another tool module when given one, so a changed schema shows in the replay and the verdicts', async () => {
    const source = record.turns[0]!.request.source.replace('city: z.string()', 'location: z.string()').replaceAll('args.city', 'args.location');
    expect(source).not.toBe(record.turns[0]!.request.source);
    const checked = await replayAndCheck({ record, assertions, toolModule: source });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const [turn] = checked.value.turns;
    expect(turn!.identical).toBe(false);
    const failure = turn!.events.find((event) => event.type === 'model-error');
    expect(failure).toMatchObject({ code: 'tape-mismatch', message: expect.stringMatching(/^Request 1 differs from the recording at tools/) });
    expect(checked.value.verdicts[0]).toEqual({ index: 0, pass: false, message: 'get_weather was never called; no tool was called.' });
  });

  it('keeps each turn with its own events when a turn stopped outside a model request is not run again', async () => {
    const [first, second] = conversation.turns;
    const ended = first!.events.at(-1)!;
    const stopped = { ...first!, events: [...first!.events.slice(0, -1), { ...ended, type: 'turn-end', reason: 'aborted' } as typeof ended] };
    const checked = await replayAndCheck({ record: { ...conversation, turns: [stopped, second!] }, assertions: [{ kind: 'final-text', contains: 'Lima' }] });
    if (!checked.ok) throw new Error(checked.error);
    const [replayedFirst, replayedSecond] = checked.value.turns;
    expect(replayedFirst).toMatchObject({ turn: 0, identical: true, differences: [] });
    expect(replayedFirst!.events.map((event) => event.type)).toEqual(stopped.events.map((event) => event.type));
    expect(replayedFirst!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    expect(replayedFirst!.message).toBe(
      "Turn 1 was stopped outside a model request (a tool running, a person's answer awaited); Replay does not run it again, since nothing recorded says at which moment Stop came.",
    );
    // The second turn ran on its tape and is checked with its own events, not the first turn's.
    expect(replayedSecond).toMatchObject({ turn: 1, identical: true, differences: [] });
    expect(replayedSecond!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Lima: 14 °C, warmer later.' });
    expect(checked.value.verdicts.map(({ pass }) => pass)).toEqual([true]);
  });

  it('replays every turn of a conversation on its own and checks assertions per turn and over the session', async () => {
    expect(conversation.turns).toHaveLength(2);
    const checked = await replayAndCheck({
      record: conversation,
      assertions: [
        { kind: 'tool-called', name: 'get_weather', called: true, times: { min: 2, max: 2 } },
        { kind: 'call-order', names: ['get_weather', 'current_time', 'get_weather'] },
        { kind: 'tool-called', name: 'current_time', called: false, turn: 0 },
        { kind: 'arguments-match', name: 'get_weather', turn: 1, match: { kind: 'partial', value: { city: 'Lima' } } },
        { kind: 'final-text', contains: 'Lima' },
        { kind: 'final-text', contains: 'Lima', turn: 0 },
        { kind: 'max-iterations', max: 2 },
      ] satisfies SessionAssertion[],
    });
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.value.turns.map(({ turn, identical, message }) => ({ turn, identical, message }))).toEqual([
      { turn: 0, identical: true, message: expect.stringMatching(/^Turn 1 replayed identically \(\d+ events\)\.$/) },
      { turn: 1, identical: true, message: expect.stringMatching(/^Turn 2 replayed identically \(\d+ events\)\.$/) },
    ]);
    expect(checked.value.verdicts.map(({ pass }) => pass)).toEqual([true, true, true, true, true, false, true]);
    expect(checked.value.verdicts[5]!.message).toBe('The final text of turn 1 does not contain "Lima": "Oslo: 14 °C.".');
  });

  it('answers an error for a record or assertions that do not read', async () => {
    expect(await replayAndCheck({ record: { version: 5 }, assertions: [] })).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid session: /) });
    expect(await replayAndCheck({ record, assertions: [{ kind: 'final-text', matches: '(' }] })).toEqual({
      ok: false,
      error: 'Invalid assertions: 0.matches: The pattern "(" is not an ECMAScript regular expression, which JSON Schema patterns are (Unterminated group).',
    });
  });
});
