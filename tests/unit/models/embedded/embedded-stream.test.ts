import { describe, expect, it } from 'vitest';
import { createEmbeddedFetch, EMBEDDED_BASE_URL } from '@/lib/models/embedded/embedded-fetch';
import { splitIntoPieces, STREAM_PIECES } from '@/lib/models/embedded/encode-response-events';
import { createScriptedModel } from '@/lib/models/embedded/scripted-model';
import { modelConfigSchema, type ScriptStep } from '@/lib/contract';

type StreamEvent = { type: string; sequence_number: number; [key: string]: unknown };

const text = 'The notes say the meeting moved to Friday at ten.';
const argumentsText = '{"path":"notes/meeting.md","encoding":"utf-8","lines":[1,2,3]}';
const step: ScriptStep = { text, calls: [{ name: 'read_file', arguments: argumentsText }] };

function post(script: ScriptStep[], body: object, signal?: AbortSignal) {
  return createEmbeddedFetch(createScriptedModel(script))(`${EMBEDDED_BASE_URL}/responses`, {
    method: 'POST',
    body: JSON.stringify({ model: 'embedded-scripted', input: [{ type: 'message', role: 'user', content: 'hi' }], ...body }),
    signal,
  });
}

/** The `event:`/`data:` pairs of an event stream, checking that both lines name the same type. */
function parseEventStream(raw: string): StreamEvent[] {
  return raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [eventLine, dataLine, ...rest] = block.split('\n');
      expect(rest).toEqual([]);
      const data = JSON.parse((dataLine ?? '').replace(/^data: /, '')) as StreamEvent;
      expect(eventLine).toBe(`event: ${data.type}`);
      return data;
    });
}

describe('embedded model event stream', () => {
  it('answers stream: true with the Responses event sequence, text and arguments in several pieces', async () => {
    const response = await post([step], { stream: true });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await response.text());
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const types = events.map((event) => event.type);
    const textDeltas = events.filter((event) => event.type === 'response.output_text.delta');
    const argumentDeltas = events.filter((event) => event.type === 'response.function_call_arguments.delta');
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...textDeltas.map(() => 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      ...argumentDeltas.map(() => 'response.function_call_arguments.delta'),
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(textDeltas.length).toBeGreaterThan(3);
    expect(argumentDeltas.length).toBeGreaterThan(3);
    expect(textDeltas.map((event) => event.delta).join('')).toBe(text);
    expect(argumentDeltas.map((event) => event.delta).join('')).toBe(argumentsText);
    expect(textDeltas.every((event) => event.output_index === 0 && event.content_index === 0)).toBe(true);
    expect(argumentDeltas.every((event) => event.output_index === 1)).toBe(true);
    const added = events.filter((event) => event.type === 'response.output_item.added')[1];
    expect(added?.item).toMatchObject({ type: 'function_call', arguments: '', status: 'in_progress' });
    const done = events.at(-2)?.item as { id: string; arguments: string };
    expect(done.arguments).toBe(argumentsText);
    expect(argumentDeltas.every((event) => event.item_id === done.id)).toBe(true);
  });

  it('streams exactly the body it answers without stream: true', async () => {
    const plain = (await (await post([step], {})).json()) as { output: unknown[]; usage: unknown };
    const events = parseEventStream(await (await post([step], { stream: true })).text());
    // Usage counts the request's characters, and `"stream":true` adds some.
    const { usage: _usage, ...rest } = plain;
    expect(events.at(-1)).toMatchObject({ type: 'response.completed', response: { ...rest, usage: expect.any(Object) } });
    expect(events.filter((event) => event.type === 'response.output_item.done').map((event) => event.item)).toEqual(plain.output);
    expect(events[0]).toMatchObject({ type: 'response.created', response: { status: 'in_progress', output: [] } });
  });

  it('cuts text into at least minChars and at most about maxPieces pieces, never inside a surrogate pair', () => {
    expect(splitIntoPieces('')).toEqual([]);
    expect(splitIntoPieces('short')).toEqual(['short']);
    const long = 'x'.repeat(10_000);
    const pieces = splitIntoPieces(long);
    expect(pieces.join('')).toBe(long);
    expect(pieces.length).toBeLessThanOrEqual(STREAM_PIECES.maxPieces);
    const emoji = '😀'.repeat(20);
    const emojiPieces = splitIntoPieces(emoji);
    expect(emojiPieces.join('')).toBe(emoji);
    expect(emojiPieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece) && !/^[\uDC00-\uDFFF]/.test(piece))).toBe(true);
  });

  it('waits streamDelayMs before each piece, so the answer arrives over time', async () => {
    const paced: ScriptStep = { text: 'a'.repeat(STREAM_PIECES.minChars * 5), streamDelayMs: 40 };
    const started = performance.now();
    const reader = (await post([paced], { stream: true })).body!.getReader();
    const arrivals: number[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) arrivals.push(performance.now() - started);
    expect(arrivals.length).toBeGreaterThanOrEqual(5);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(4 * 40 - 10);
  });

  it('errors the body when the request is aborted between pieces', async () => {
    const controller = new AbortController();
    const paced: ScriptStep = { text: 'a'.repeat(STREAM_PIECES.minChars * 5), streamDelayMs: 1_000 };
    const reader = (await post([paced], { stream: true }, controller.signal)).body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const started = performance.now();
    setTimeout(() => controller.abort(), 20);
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('accepts streamDelayMs up to 1000 ms per step, and refuses more', () => {
    expect(modelConfigSchema.safeParse({ provider: 'scripted', script: [{ text: 'hi', streamDelayMs: 1_000 }] }).success).toBe(true);
    const refused = modelConfigSchema.safeParse({ provider: 'scripted', script: [{ text: 'hi', streamDelayMs: 1_001 }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('streamDelayMs is at most 1000 ms.');
  });
});
