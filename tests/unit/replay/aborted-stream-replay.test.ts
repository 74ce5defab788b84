import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tapeEntrySchema, type ModelConfig, type RequestModelConfig, type FinishedTurn } from '@/lib/contract';
import type { RuntimeEvent, RuntimeEventOf } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { compareTurnEvents } from '@/lib/replay/compare-session-events';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { replaySession } from '@/lib/replay/replay-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import { encodeEvents, LOOPBACK_ALLOWED_ENV, startFakeProvider } from '../models/fake-provider-server';
import { readEventStream } from '../support/read-event-stream';
import { openTestStore, TEST_CHECKER } from '../sessions/session-fixtures';

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'save_note',
    description: 'Save a note.',
    schema: z.object({ title: z.string(), body: z.string() }),
    isReadOnly: true,
    execute: (args) => 'saved ' + args.title,
  }),
];
`;
const MESSAGE = 'Write the minutes up and save them.';
const LONG_TEXT = Array.from({ length: 40 }, (_, index) => `Point ${index + 1} of the minutes, as agreed by everyone present.`).join(' ');
const LONG_ARGUMENTS = JSON.stringify({ title: 'minutes', body: Array.from({ length: 30 }, (_, index) => `line ${index + 1}: nothing to add`).join('\n') });
const SCRIPTED: ModelConfig = {
  provider: 'scripted',
  script: [
    { calls: [{ name: 'save_note', arguments: '{"title":"draft","body":"short"}' }] },
    { text: LONG_TEXT, calls: [{ name: 'save_note', arguments: LONG_ARGUMENTS }], streamDelayMs: 2 },
  ],
};

type RecordedTurn = { finished: FinishedTurn; events: RuntimeEvent[] };

/**
 * Runs a turn through the server's stream and aborts it (as the Stop button does) when the
 * `abortAt`-th `model-delta` of `iteration` arrives.
 */
async function recordAbortedTurn(options: {
  model: ModelConfig;
  iteration: number;
  abortAt: number;
  env?: Record<string, string>;
  /** Aborts when this event arrives instead of at the `abortAt`-th delta, `abortDelayMs` later. */
  abortOn?: (event: RuntimeEvent) => boolean;
  abortDelayMs?: number;
}): Promise<RecordedTurn> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    request: { source: SOURCE, messages: [{ role: 'user', content: MESSAGE }], model: options.model, permissions: { mode: 'auto' } },
    clientId: 'aborted-stream-test',
    env: options.env ?? {},
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!started.ok) throw new Error(started.error);
  let deltas = 0;
  const events = await readEventStream(toEventStream(started.events), (event) => {
    const stop = options.abortOn ? options.abortOn(event) : event.type === 'model-delta' && event.iteration === options.iteration && (deltas += 1) === options.abortAt;
    if (stop) setTimeout(() => getTurnRegistry().abort(started.turnId, started.controlToken), options.abortDelayMs ?? 0);
  });
  if (!finished) throw new Error('The turn ended without a finished turn.');
  return { finished, events };
}

let store: SessionStore;

async function share(turn: FinishedTurn, model: RequestModelConfig): Promise<SessionRecord> {
  await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
  const shared = await createSharedSession(
    { playground: { source: SOURCE, message: MESSAGE, model, permissions: { mode: 'auto' }, mode: 'chat' }, turnIds: [turn.turnId] },
    { store, checker: TEST_CHECKER },
  );
  if (!shared.ok) throw new Error(shared.error.message);
  const read = await readStoredSession(shared.value.id, store);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

function deltasOf(events: readonly RuntimeEvent[], iteration: number): RuntimeEventOf<'model-delta'>[] {
  return events.filter((event): event is RuntimeEventOf<'model-delta'> => event.type === 'model-delta' && event.iteration === iteration);
}

beforeAll(async () => {
  ({ store } = await openTestStore(() => createPgliteClient()));
}, 60_000);

afterAll(async () => {
  await store.close();
});

describe('a turn aborted while the scripted model streams, stored and replayed', () => {
  // The 5th delta falls in the text, the 22nd in the arguments of the call after it.
  it.each([5, 22])('aborted at delta %i of the second response: the replay is identical', async (abortAt) => {
    const { finished, events } = await recordAbortedTurn({ model: SCRIPTED, iteration: 2, abortAt });
    const streamed = deltasOf(events, 2);
    // What arrived after the abort is at most the held rest of the last piece (flushed up to its boundary).
    expect(streamed.length).toBeGreaterThanOrEqual(abortAt);
    expect(streamed.length).toBeLessThanOrEqual(abortAt + 1);
    expect(streamed.some((event) => event.kind === 'arguments')).toBe(abortAt === 22);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    expect(events.some((event) => event.type === 'model-response' && event.iteration === 2)).toBe(false);

    const record = await share(finished, SCRIPTED);
    const tape = record.turns[0]!.tape;
    expect(tape).toHaveLength(2);
    expect(tape[0]).not.toHaveProperty('cutOff');
    expect(tape[1]).toMatchObject({ streamed: true, cutOff: true, status: 200 });
    // The tape keeps the raw events as far as they were read: a prefix of the whole stream, without its end.
    expect(String(tape[1]!.response)).toContain('response.output_text.delta');
    expect(String(tape[1]!.response)).not.toContain('response.completed');

    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.differences).toEqual([]);
    expect(report).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }] });
  });

  it('reports a module that now answers differently, though its tape is cut off', async () => {
    const { finished } = await recordAbortedTurn({ model: SCRIPTED, iteration: 2, abortAt: 5 });
    const record = structuredClone(await share(finished, SCRIPTED));
    record.turns[0]!.request.source = SOURCE.replace("'saved ' + args.title", "'stored ' + args.title");
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'output', recorded: 'saved draft', replayed: 'stored draft' }));
    // The second request no longer matches the recording: it fails as a mismatch instead of streaming and stopping.
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'type', recorded: 'model-delta', replayed: 'model-error' }));
  });

  it('reports a cut-off stream whose recorded text was changed', async () => {
    const { finished, events } = await recordAbortedTurn({ model: SCRIPTED, iteration: 2, abortAt: 5 });
    const record = structuredClone(await share(finished, SCRIPTED));
    const entry = record.turns[0]!.tape[1]!;
    entry.response = String(entry.response).replaceAll('Point 1 of', 'Point one of');
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    const first = deltasOf(events, 2)[0]!;
    expect(report.differences[0]).toMatchObject({ seq: first.seq, field: 'delta', recorded: first.delta, replayed: first.delta.replace('Point 1 of', 'Point one of') });
  });
});

describe('a turn aborted while a Responses server streams slowly, replayed', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('ends aborted with what had arrived, and its replay on the tape is identical', async () => {
    const pieces = LONG_TEXT.match(/.{1,40}/g)!;
    const message = { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: LONG_TEXT, annotations: [] }] };
    const started = { id: 'resp_1', object: 'response', status: 'in_progress', output: [], usage: null };
    const chunks = encodeEvents([
      { type: 'response.created', response: started },
      { type: 'response.output_item.added', output_index: 0, item: { ...message, status: 'in_progress', content: [] } },
      ...pieces.map((delta) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta, logprobs: [] })),
      { type: 'response.output_item.done', output_index: 0, item: message },
      { type: 'response.completed', response: { ...started, status: 'completed', output: [message] } },
    ]);
    const server = await startFakeProvider(() => ({ kind: 'event-stream', chunks, delayMs: 15 }));
    close = server.close;
    const model: ModelConfig = { provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-test-0123456789abcdefghijklmnop', baseURL: server.baseURL };
    const { finished, events } = await recordAbortedTurn({ model, iteration: 1, abortAt: 4, env: LOOPBACK_ALLOWED_ENV });
    expect(deltasOf(events, 1).length).toBeGreaterThanOrEqual(4);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    expect(finished.tape).toEqual([expect.objectContaining({ streamed: true, cutOff: true })]);
    expect(chunks.join('').startsWith(String(finished.tape[0]!.response))).toBe(true);

    const { apiKey: _apiKey, ...stored } = model;
    const record = await share(finished, stored);
    const replayed = await runTurnOnTape(record.turns[0]!);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(compareTurnEvents(0, record.turns[0]!.events, replayed.value)).toEqual([]);
    expect(replayed.value.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
  });

  it('stopped before the response arrived: the tape says so, and its replay stops at the same request', async () => {
    const server = await startFakeProvider(() => ({ kind: 'hang' }));
    close = server.close;
    const model: ModelConfig = { provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-test-0123456789abcdefghijklmnop', baseURL: server.baseURL };
    const { finished, events } = await recordAbortedTurn({
      model,
      iteration: 1,
      abortAt: 0,
      env: LOOPBACK_ALLOWED_ENV,
      // Once the request is on its way to the server, which never answers.
      abortOn: (event) => event.type === 'model-request',
      abortDelayMs: 50,
    });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    expect(finished.tape).toEqual([expect.objectContaining({ response: null, cutOff: true })]);
    expect(finished.tape[0]).not.toHaveProperty('status');
    expect(finished.tape[0]).not.toHaveProperty('streamed');

    const { apiKey: _apiKey, ...stored } = model;
    const record = await share(finished, stored);
    expect(record.turns[0]!.tape).toEqual(finished.tape);
    const replayed = await runTurnOnTape(record.turns[0]!);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(compareTurnEvents(0, record.turns[0]!.events, replayed.value)).toEqual([]);
    expect(replayed.value.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
  });
});

describe('tape entries', () => {
  it('need a status unless they were cut off before a response arrived', () => {
    const entry = { request: {}, response: null };
    expect(tapeEntrySchema.safeParse(entry).success).toBe(false);
    expect(tapeEntrySchema.safeParse({ ...entry, cutOff: true }).success).toBe(true);
    expect(tapeEntrySchema.safeParse({ ...entry, status: 200 }).success).toBe(true);
  });
});
