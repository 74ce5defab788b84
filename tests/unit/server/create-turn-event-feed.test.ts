import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime';
import { createTurnEventFeed, toEventStream, type TurnEventFeedOptions } from '@/lib/server/turns/create-turn-event-feed';

const turnId = 'turn_stream';
const event = (seq: number): RuntimeEvent =>
  seq === 0
    ? { type: 'turn-start', turnId, seq, at: 0, mode: 'chat', model: 'test', permissionMode: 'auto', maxIterations: 2, userMessage: 'Hi' }
    : { type: 'tool-call-log', turnId, seq, at: seq, iteration: 1, callId: 'c1', name: 'echo', level: 'info', message: `line ${seq}` };
const end = (seq: number): RuntimeEvent => ({ type: 'turn-end', turnId, seq, at: seq, reason: 'completed', iterations: 1 });
const nextLoopTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The seq numbers in each piece of SSE text. */
function seqsOf(text: string): number[] {
  return [...text.matchAll(/^data: (.*)$/gm)].map((match) => (JSON.parse(match[1]!) as RuntimeEvent).seq);
}

async function readChunks(stream: ReadableStream<Uint8Array>): Promise<number[][]> {
  const decoder = new TextDecoder();
  const chunks: number[][] = [];
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(seqsOf(decoder.decode(chunk.value)));
  return chunks;
}

/** A sink that records each write's seq numbers and whether (and when) it was closed. */
function recordingSink() {
  const writes: number[][] = [];
  let closedAfter: number | undefined;
  let closing: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closing = resolve));
  return {
    writes,
    closed,
    closedAfter: () => closedAfter,
    sink: {
      write: (text: string) => void writes.push(seqsOf(text)),
      close: () => {
        closedAfter = writes.length;
        closing();
      },
    },
  };
}

function options(run: TurnEventFeedOptions['run'], onClose: () => void = () => undefined): TurnEventFeedOptions {
  return { turnId, controller: new AbortController(), maxEvents: 100, wallMs: 60_000, onClose, run };
}

describe('createTurnEventFeed', () => {
  it('writes the first event at once and the events of one turn of the event loop as one write', async () => {
    let closed = false;
    const feed = createTurnEventFeed(
      options(
        async ({ send }) => {
          await Promise.resolve(); // the sink is attached by then
          send(event(0));
          send(event(1));
          send(event(2));
          await nextLoopTurn();
          send(event(3));
          await nextLoopTurn();
          send(end(4));
        },
        () => (closed = true),
      ),
    );
    expect(await readChunks(toEventStream(feed))).toEqual([[0], [1, 2], [3], [4]]);
    expect(closed).toBe(true);
  });

  it('keeps what the run sent before a sink was attached and writes it on attaching, then closes once the run is over', async () => {
    let release: () => void = () => undefined;
    const feed = createTurnEventFeed(
      options(async ({ send }) => {
        send(event(0));
        send(event(1));
        await new Promise<void>((resolve) => (release = resolve));
        send(end(2));
      }),
    );
    await nextLoopTurn();
    const recorder = recordingSink();
    feed.attach(recorder.sink);
    expect(recorder.writes).toEqual([[0, 1]]);
    release();
    await recorder.closed;
    expect(recorder.writes).toEqual([[0, 1], [2]]);
    expect(recorder.closedAfter()).toBe(2);
  });

  it('attached after the run ended, writes everything and closes at once', async () => {
    let onClosed: () => void = () => undefined;
    const over = new Promise<void>((resolve) => (onClosed = resolve));
    const feed = createTurnEventFeed(
      options(async ({ send }) => {
        send(event(0));
        send(end(1));
      }, onClosed),
    );
    await over;
    const recorder = recordingSink();
    feed.attach(recorder.sink);
    expect(recorder.writes).toEqual([[0, 1]]);
    expect(recorder.closedAfter()).toBe(1);
    expect(() => feed.attach(recordingSink().sink)).toThrow('A turn event feed has one reader.');
  });

  it('cancelled, aborts the run with the reason and writes nothing more; the run still closes', async () => {
    const opts = options(async ({ send }) => {
      send(event(0));
      await new Promise((resolve) => opts.controller.signal.addEventListener('abort', resolve));
      send(end(1));
    });
    let closed = false;
    const feed = createTurnEventFeed({ ...opts, onClose: () => (closed = true) });
    const recorder = recordingSink();
    feed.attach(recorder.sink);
    feed.cancel('the client disconnected');
    expect(opts.controller.signal.reason).toBe('the client disconnected');
    await expect.poll(() => closed).toBe(true);
    expect(recorder.writes).toEqual([[0]]);
    expect(recorder.closedAfter()).toBeUndefined();
  });

  it('stopped, aborts the run with the reason and keeps reading: what it sends while winding down goes out, then the sink closes', async () => {
    const opts = options(async ({ send }) => {
      send(event(0));
      await new Promise((resolve) => opts.controller.signal.addEventListener('abort', resolve));
      send({ type: 'turn-end', turnId, seq: 1, at: 1, reason: 'aborted', iterations: 1 });
    });
    let closed = false;
    const feed = createTurnEventFeed({ ...opts, onClose: () => (closed = true) });
    const recorder = recordingSink();
    feed.attach(recorder.sink);
    feed.stop('the evaluation was stopped');
    expect(opts.controller.signal.reason).toBe('the evaluation was stopped');
    await recorder.closed;
    expect(closed).toBe(true);
    expect(recorder.writes).toEqual([[0], [1]]);
    expect(recorder.closedAfter()).toBe(2);
  });

  it('still ends a run that throws with an error turn-end, after what it had sent', async () => {
    const feed = createTurnEventFeed(
      options(async ({ send }) => {
        send(event(0));
        send(event(1));
        throw new Error('bug');
      }),
    );
    const text = await new Response(toEventStream(feed)).text();
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!) as RuntimeEvent);
    expect(events.map((item) => item.seq)).toEqual([0, 1, 2]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error', error: 'Internal error: Error: bug' });
  });
});
