import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import { EMBEDDED_BASE_URL } from '@/lib/models/embedded/embedded-fetch';
import { tapeEntrySchema, type TapeEntry } from '@/lib/contract';
import { createOpenAIResponsesClient } from '@/lib/models/openai/openai-responses-client';
import { createRecordingFetch, describeRequestUrl, type FetchFunction } from '@/lib/models/record-exchanges';
import type { ModelDelta } from '@/lib/runtime';

const answer: FetchFunction = async () => new Response(JSON.stringify({ id: 'resp_1', output: [] }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A clock that advances 7 ms each time it is read. */
function steppingClock(): () => number {
  let now = 100;
  return () => (now += 7);
}

describe('createRecordingFetch', () => {
  it('records the URL, method and duration with the bodies', async () => {
    const tape: TapeEntry[] = [];
    const fetch = createRecordingFetch({ fetch: answer, onExchange: (entry) => tape.push(entry), now: steppingClock() });
    await fetch('https://api.openai.com/v1/responses', { method: 'post', body: JSON.stringify({ model: 'gpt-5.4', input: 'hi' }) });
    expect(tape).toEqual([
      {
        request: { model: 'gpt-5.4', input: 'hi' },
        response: { id: 'resp_1', output: [] },
        status: 200,
        url: 'https://api.openai.com/v1/responses',
        method: 'POST',
        durationMs: 7,
      },
    ]);
    expect(tapeEntrySchema.safeParse(tape[0]).success).toBe(true);
  });

  it('keeps no credentials or secrets in the URL', async () => {
    const tape: TapeEntry[] = [];
    const secret = 'visitor-typed-key-123456';
    const fetch = createRecordingFetch({ fetch: answer, onExchange: (entry) => tape.push(entry), secrets: [secret] });
    await fetch(new URL(`http://user:hunter22@localhost:8080/v1/chat/completions?key=${secret}`), { method: 'POST', body: '{}' });
    expect(tape[0]?.url).toBe('http://localhost:8080/v1/chat/completions?key=[REDACTED]');
  });

  it('reads the URL and method of a Request', () => {
    expect(describeRequestUrl(new Request('https://example.com/v1/responses', { method: 'POST' }))).toBe('https://example.com/v1/responses');
    expect(describeRequestUrl('not a url')).toBe('not a url');
  });

  it('records the embedded model honestly as its in-process base URL', async () => {
    const tape: TapeEntry[] = [];
    const client = createModelClient({ provider: 'scripted', script: [{ text: 'hello' }] }, { onExchange: (entry) => tape.push(entry) });
    const result = await client.createResponse({ input: [{ type: 'message', role: 'user', content: 'hi' }], tools: [], parallelToolCalls: true }, { signal: new AbortController().signal });
    expect(result.ok).toBe(true);
    expect(tape).toHaveLength(1);
    expect(tape[0]).toMatchObject({ url: `${EMBEDDED_BASE_URL}/responses`, method: 'POST', status: 200 });
    expect(tape[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('replays a recording made before URLs were kept', async () => {
    const tape: TapeEntry[] = [];
    const request = { input: [{ type: 'message' as const, role: 'user' as const, content: 'hi' }], tools: [], parallelToolCalls: true };
    const signal = new AbortController().signal;
    const original = await createModelClient({ provider: 'scripted', script: [{ text: 'hello' }] }, { onExchange: (entry) => tape.push(entry) }).createResponse(request, { signal });
    const old = tape.map(({ request: body, response, status, streamed }) => ({ request: body, response, status, ...(streamed ? { streamed } : {}) }));
    const again: TapeEntry[] = [];
    const replayed = await createModelClient({ provider: 'tape', tape: old }, { onExchange: (entry) => again.push(entry) }).createResponse(request, { signal });
    expect(replayed).toEqual(original);
    expect(again[0]?.url).toBe('http://tape.invalid/v1/responses');
  });

  it('records a stream an abort cut off as far as the SDK had read it, not the chunks waiting behind it', async () => {
    const events = ['Looking ', 'her ', 'up ', 'now.'].map(
      (delta, index) => `event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', output_index: 0, delta, sequence_number: index })}\n\n`,
    );
    // Every event is its own chunk, all of them ready at once: a reader that read ahead would record them all.
    const network: FetchFunction = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const event of events) controller.enqueue(new TextEncoder().encode(event));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    const tape: TapeEntry[] = [];
    const client = createOpenAIResponsesClient({
      label: 'test',
      model: 'gpt-5.4',
      apiKey: 'test',
      baseURL: 'https://api.openai.com/v1',
      fetch: createRecordingFetch({ fetch: network, onExchange: (entry) => tape.push(entry) }),
      hostedToolSearch: false,
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    const onDelta = (delta: ModelDelta) => {
      deltas.push(delta.delta);
      if (delta.delta === 'her ') controller.abort();
    };
    const result = await client.createResponse({ input: [], tools: [], parallelToolCalls: true }, { signal: controller.signal, onDelta });
    expect(result).toEqual({ ok: false, error: { code: 'aborted', message: 'The model request was aborted.' } });
    expect(deltas).toEqual(['Looking ', 'her ']);
    expect(tape).toEqual([expect.objectContaining({ status: 200, streamed: true, cutOff: true, response: events.slice(0, 2).join('') })]);
    expect(tapeEntrySchema.safeParse(tape[0]).success).toBe(true);
  });
});
