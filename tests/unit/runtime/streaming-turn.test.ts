import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { ScriptStep, TapeEntry } from '@/lib/contract';
import { reduceRuntimeEvents, runtimeEventSchema, type RuntimeEvent, type RuntimeEventOf, runTurn, defineTool } from '@/lib/runtime';
import { measureTiming } from '@/lib/runtime/loop/request-model-response';
import { compareTurnEvents } from '@/lib/replay/compare-session-events';

const save = defineTool({
  name: 'save_note',
  namespace: 'notes',
  namespaceDescription: 'Notes.',
  description: 'Saves a note.',
  schema: z.object({ title: z.string(), body: z.string() }),
  isReadOnly: true,
  execute: (args) => `saved ${args.title}`,
});

const text = 'I will save the meeting notes now, with the decisions and who owns each follow-up.';
const argumentsText = JSON.stringify({ title: 'Weekly sync', body: 'Decisions: ship on Friday. Owners: Ada (release notes), Grace (rollout).' });
const script = (streamDelayMs?: number): ScriptStep[] => [
  { text, calls: [{ name: 'save_note', namespace: 'notes', arguments: argumentsText }], ...(streamDelayMs ? { streamDelayMs } : {}) },
  { text: 'Saved the notes; nothing else to do.' },
];

function runStreamed(options: { steps?: ScriptStep[]; tape?: TapeEntry[]; replayOf?: TapeEntry[]; signal?: AbortSignal; onEvent?: (event: RuntimeEvent) => void } = {}) {
  const model = options.replayOf
    ? createModelClient({ provider: 'tape', tape: options.replayOf }, {})
    : createModelClient({ provider: 'scripted', script: options.steps ?? script() }, { onExchange: (entry) => options.tape?.push(entry) });
  return runTurn({ tools: [save], model, input: [{ type: 'message', role: 'user', content: 'save the notes' }], host: { turnId: 'turn_stream', signal: options.signal, onEvent: options.onEvent } });
}

const deltasOf = (events: RuntimeEvent[]) => events.filter((event): event is RuntimeEventOf<'model-delta'> => event.type === 'model-delta');

describe('a streamed turn', () => {
  it('emits coalesced deltas between each request and its response, adding up to the response', async () => {
    const outcome = await runStreamed();
    expect(outcome.reason).toBe('completed');
    for (const event of outcome.events) runtimeEventSchema.parse(event);
    const types = outcome.events.map((event) => event.type);
    const firstResponse = types.indexOf('model-response');
    const deltas = deltasOf(outcome.events);
    const first = deltas.filter((delta) => delta.iteration === 1);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.every((delta) => outcome.events.indexOf(delta) < firstResponse && outcome.events.indexOf(delta) > types.indexOf('model-request'))).toBe(true);
    const response = outcome.events[firstResponse] as RuntimeEventOf<'model-response'>;
    expect(first.filter((delta) => delta.kind === 'text').map((delta) => delta.delta).join('')).toBe(response.text);
    const argumentDeltas = first.filter((delta) => delta.kind === 'arguments');
    expect(argumentDeltas.every((delta) => delta.callId === response.calls[0]?.callId && delta.name === 'notes.save_note')).toBe(true);
    expect(argumentDeltas.map((delta) => delta.delta).join('')).toBe(argumentsText);
    expect(response.timing).toMatchObject({ durationMs: expect.any(Number), firstTokenMs: expect.any(Number) });
  });

  it('grows the timeline while streaming, then shows the final response', async () => {
    const outcome = await runStreamed();
    const firstResponse = outcome.events.findIndex((event) => event.type === 'model-response');
    const lastArgumentDelta = outcome.events.findLastIndex((event, index) => index < firstResponse && event.type === 'model-delta' && event.kind === 'arguments');
    const midText = outcome.events.findIndex((event) => event.type === 'model-delta');

    const early = reduceRuntimeEvents(outcome.events.slice(0, midText + 1));
    const earlyText = early.iterations[0]?.streamedText?.[0]?.text ?? '';
    expect(earlyText.length).toBeGreaterThan(0);
    expect(text.startsWith(earlyText) && earlyText !== text).toBe(true);
    expect(early.iterations[0]?.response).toBeUndefined();

    const streaming = reduceRuntimeEvents(outcome.events.slice(0, lastArgumentDelta + 1));
    const call = Object.values(streaming.calls)[0];
    expect(call).toMatchObject({ name: 'notes.save_note', phase: 'proposed', streamedArguments: argumentsText });
    expect(call?.rawArguments).toBeUndefined();
    expect(streaming.iterations[0]?.callIds).toEqual([call?.callId]);

    const done = reduceRuntimeEvents(outcome.events);
    expect(done.iterations[0]?.response).toMatchObject({ text, timing: { durationMs: expect.any(Number) } });
    expect(done.calls[call!.callId]).toMatchObject({ rawArguments: argumentsText, phase: 'done' });
    expect(done.iterations[0]?.callIds).toEqual([call?.callId]);
  });

  it('replays on its tape with identical events, deltas included', async () => {
    const tape: TapeEntry[] = [];
    const recorded = await runStreamed({ tape });
    expect(tape.every((entry) => entry.streamed === true && typeof entry.response === 'string')).toBe(true);
    const replayed = await runStreamed({ replayOf: tape });
    expect(deltasOf(replayed.events).map(({ at: _at, ...delta }) => delta)).toEqual(deltasOf(recorded.events).map(({ at: _at, ...delta }) => delta));
    expect(compareTurnEvents(0, recorded.events, replayed.events)).toEqual([]);
  });

  it('ends as aborted mid-stream, keeping the text that had arrived', async () => {
    const controller = new AbortController();
    const outcome = await runStreamed({
      steps: script(25),
      signal: controller.signal,
      onEvent: (event) => event.type === 'model-delta' && controller.abort(),
    });
    expect(outcome.reason).toBe('aborted');
    const types = outcome.events.map((event) => event.type);
    expect(types).not.toContain('model-response');
    expect(types).not.toContain('model-error');
    expect(types.at(-1)).toBe('turn-end');
    const timeline = reduceRuntimeEvents(outcome.events);
    const shown = timeline.iterations[0]?.streamedText?.[0]?.text ?? '';
    expect(shown.length).toBeGreaterThan(0);
    expect(text.startsWith(shown) && shown.length < text.length).toBe(true);
    expect(timeline.end?.reason).toBe('aborted');
  });

  it('ends as aborted while the arguments stream, keeping the call card with what had arrived', async () => {
    const controller = new AbortController();
    const outcome = await runStreamed({
      steps: script(25),
      signal: controller.signal,
      onEvent: (event) => event.type === 'model-delta' && event.kind === 'arguments' && controller.abort(),
    });
    expect(outcome.reason).toBe('aborted');
    const call = Object.values(reduceRuntimeEvents(outcome.events).calls)[0];
    expect(call?.streamedArguments?.length).toBeGreaterThan(0);
    expect(argumentsText.startsWith(call!.streamedArguments!)).toBe(true);
    expect(call?.phase).toBe('proposed');
    expect(outcome.conversation.some((item) => item.type === 'function_call')).toBe(false);
  });
});

describe('response timing', () => {
  it('counts tokens per second from the first token', () => {
    expect(measureTiming({ sentAt: 10, firstTokenAt: 110, doneAt: 1_110, outputTokens: 50 })).toEqual({ durationMs: 1_100, firstTokenMs: 100, outputTokensPerSecond: 50 });
  });

  it('counts over the whole request when nothing streamed, and leaves out what it cannot measure', () => {
    expect(measureTiming({ sentAt: 0, doneAt: 2_000, outputTokens: 30 })).toEqual({ durationMs: 2_000, outputTokensPerSecond: 15 });
    expect(measureTiming({ sentAt: 0, firstTokenAt: 5, doneAt: 5, outputTokens: 30 })).toEqual({ durationMs: 5, firstTokenMs: 5 });
    expect(measureTiming({ sentAt: 0, doneAt: 40 })).toEqual({ durationMs: 40 });
  });
});
