import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime/events/runtime-event';
import { createTurnEventStream } from '@/lib/server/create-turn-event-stream';

const turnId = 'turn_stream';
const event = (seq: number): RuntimeEvent =>
  seq === 0
    ? { type: 'turn-start', turnId, seq, at: 0, mode: 'chat', model: 'test', permissionMode: 'auto', maxIterations: 2, userMessage: 'Hi' }
    : { type: 'tool-call-log', turnId, seq, at: seq, iteration: 1, callId: 'c1', name: 'echo', level: 'info', message: `line ${seq}` };

async function readChunks(stream: ReadableStream<Uint8Array>): Promise<number[][]> {
  const decoder = new TextDecoder();
  const chunks: number[][] = [];
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const text = decoder.decode(chunk.value);
    chunks.push([...text.matchAll(/^data: (.*)$/gm)].map((match) => (JSON.parse(match[1]!) as RuntimeEvent).seq));
  }
  return chunks;
}

describe('createTurnEventStream', () => {
  it('sends the first event at once and the events of one turn of the event loop as one chunk', async () => {
    let closed = false;
    const stream = createTurnEventStream({
      turnId,
      controller: new AbortController(),
      maxEvents: 100,
      onClose: () => {
        closed = true;
      },
      run: async ({ send }) => {
        send(event(0));
        send(event(1));
        send(event(2));
        await new Promise((resolve) => setImmediate(resolve));
        send(event(3));
        await new Promise((resolve) => setImmediate(resolve));
        send({ type: 'turn-end', turnId, seq: 4, at: 4, reason: 'completed', iterations: 1 });
      },
    });
    expect(await readChunks(stream)).toEqual([[0], [1, 2], [3], [4]]);
    expect(closed).toBe(true);
  });

  it('still ends a run that throws with an error turn-end, after what it had sent', async () => {
    const stream = createTurnEventStream({
      turnId,
      controller: new AbortController(),
      maxEvents: 100,
      onClose: () => undefined,
      run: async ({ send }) => {
        send(event(0));
        send(event(1));
        throw new Error('bug');
      },
    });
    const text = await new Response(stream).text();
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!) as RuntimeEvent);
    expect(events.map((item) => item.seq)).toEqual([0, 1, 2]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error', error: 'Internal error: Error: bug' });
  });
});
