import { describe, expect, it } from 'vitest';
import { POST as postApproval } from '@/app/api/turns/[turnId]/approvals/route';
import { POST as postToolCall } from '@/app/api/tools/call/route';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { streamToolCall } from '@/lib/server/turns/stream-tool-call';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createSseParser } from '@/lib/client/api';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';
export default [
  defineTool({ name: 'echo', description: 'Echo a number.', schema: z.object({ n: z.number() }), isReadOnly: true, execute: (args) => 'n=' + args.n }),
  defineTool({
    name: 'wipe',
    description: 'Delete a file.',
    schema: z.object({ path: z.string() }),
    isDestructive: true,
    execute: async (args, ctx) => (ctx.files.delete(args.path) ? 'Deleted ' + args.path : 'No such file: ' + args.path),
  }),
];
`;

function request(body: unknown): Request {
  return new Request('http://localhost/api/tools/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Reads SSE events off a response body; `until` stops early (the stream stays open for the rest). */
async function readEvents(response: Response, until?: (event: RuntimeEvent) => boolean): Promise<{ events: RuntimeEvent[]; reader: ReadableStreamDefaultReader<string> }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const events: RuntimeEvent[] = [];
  for (;;) {
    const chunk = await reader.read();
    const data = chunk.done ? parser.flush() : parser.push(chunk.value);
    for (const item of data) {
      const event = runtimeEventSchema.parse(JSON.parse(item));
      events.push(event);
      if (until?.(event)) return { events, reader };
    }
    if (chunk.done) return { events, reader };
  }
}

async function readRest(reader: ReadableStreamDefaultReader<string>): Promise<RuntimeEvent[]> {
  const parser = createSseParser();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
  return [...parser.push(text), ...parser.flush()].map((data) => runtimeEventSchema.parse(JSON.parse(data)));
}

describe('POST /api/tools/call', () => {
  it('streams one call through the sandbox as a turn\'s events, with x-turn-id', { timeout: 60_000 }, async () => {
    const response = await postToolCall(request({ source: SOURCE, name: 'echo', arguments: "{'n': 7,}" }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const turnId = response.headers.get('x-turn-id');
    expect(turnId).toMatch(/^turn_/);
    const { events } = await readEvents(response);
    expect(events.every((event) => event.turnId === turnId)).toBe(true);
    expect(events.map((event) => event.seq)).toEqual([...events.keys()]);
    expect(events.map((event) => event.type)).toEqual([
      'turn-start',
      'sandbox-ready',
      'tools-assembled',
      'tool-call-direct',
      'tool-input-repair',
      'tool-input-available',
      'dispatch-plan',
      'tool-permission',
      'tool-call-start',
      'tool-output',
      'turn-end',
    ]);
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: 'n=7' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
    expect(getTurnRegistry().countAll()).toBe(0);
  });

  it('waits for Approve through the turn\'s approvals route, and the sandbox sees the seed files', { timeout: 60_000 }, async () => {
    const response = await postToolCall(request({ source: SOURCE, name: 'wipe', arguments: '{"path":"a.txt"}', files: { 'a.txt': 'alpha' } }));
    const turnId = response.headers.get('x-turn-id')!;
    const { events, reader } = await readEvents(response, (event) => event.type === 'tool-approval-request');
    expect(events.at(-1)).toMatchObject({ type: 'tool-approval-request', callId: 'call_direct', input: { path: 'a.txt' } });
    const approve = (headers: Record<string, string>) =>
      postApproval(
        new Request(`http://localhost/api/turns/${turnId}/approvals`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ callId: 'call_direct', approved: true }) }),
        { params: Promise.resolve({ turnId }) },
      );
    const token = response.headers.get('turn-control-token')!;
    // The turn id alone, a guessed token, or the right one from another site: refused, and the call still waits.
    expect((await approve({})).status).toBe(403);
    expect((await approve({ 'turn-control-token': 'guess' })).status).toBe(403);
    expect((await approve({ 'turn-control-token': token, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await approve({ 'turn-control-token': token, origin: 'https://evil.example', host: 'localhost' })).status).toBe(403);
    const approval = await approve({ 'turn-control-token': token, 'sec-fetch-site': 'same-origin' });
    expect(approval.status).toBe(200);
    const rest = await readRest(reader);
    expect(rest.map((event) => event.type)).toEqual(['tool-approval-response', 'tool-call-start', 'tool-output', 'turn-end']);
    expect(rest.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: 'Deleted a.txt' });
    expect(rest.at(-1)).toMatchObject({ type: 'turn-end', state: { files: {} } });
  });

  it('answers an unknown name inside the stream, as a model\'s call would be answered', { timeout: 60_000 }, async () => {
    const response = await postToolCall(request({ source: SOURCE, name: 'ecko', arguments: '{}' }));
    expect(response.status).toBe(200);
    const { events } = await readEvents(response);
    expect(events.find((event) => event.type === 'tool-input-error')).toMatchObject({ code: 'unknown-tool', suggestions: ['echo'] });
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'rejected' });
  });

  it('ends a call whose module does not compile inside its stream, with the diagnostics', { timeout: 60_000 }, async () => {
    const response = await postToolCall(request({ source: 'export default [defineTool({ name: 1 ', name: 'echo', arguments: '{}' }));
    expect(response.status).toBe(200);
    const { events } = await readEvents(response);
    expect(events.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    const failure = events[1] as Extract<RuntimeEvent, { type: 'sandbox-error' }>;
    expect(failure).toMatchObject({ code: 'module-error', message: expect.stringMatching(/^The tool module has \d+ errors?/) });
    expect(failure.diagnostics.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error', iterations: 0, error: expect.stringMatching(/^The tool module has \d+ errors?; fix .* tools\.ts:1:\d+ /) });
    expect(getTurnRegistry().countAll()).toBe(0);
  });

  it('refuses arguments past 100,000 characters and a body without a name with 400', async () => {
    const long = await postToolCall(request({ source: SOURCE, name: 'echo', arguments: 'x'.repeat(100_001) }));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe('Invalid request: arguments: arguments are limited to 100000 characters.');
    const nameless = await postToolCall(request({ source: SOURCE, arguments: '{}' }));
    expect(nameless.status).toBe(400);
  });

  it('is held to the events-per-turn budget like a turn', { timeout: 60_000 }, async () => {
    const started = await streamToolCall({ request: { source: SOURCE, name: 'echo', arguments: '{"n":1}' }, clientId: 'budget', maxEvents: 4 });
    if (!started.ok) throw new Error(started.error);
    const { events } = await readEvents(new Response(toEventStream(started.events)));
    expect(events.map((event) => event.type)).toEqual(['turn-start', 'sandbox-ready', 'tools-assembled', 'turn-end']);
    expect(events.at(-1)).toMatchObject({ seq: 3, reason: 'error', error: 'The turn produced more than 4 events and was stopped.' });
  });

  it('counts against the concurrent-turn limit like a turn', async () => {
    const registry = getTurnRegistry();
    const releases = Array.from({ length: CONCURRENT_TURN_LIMITS.perAddress }, () => registry.reserve('busy-address'));
    try {
      const refused = await streamToolCall({ request: { source: SOURCE, name: 'echo', arguments: '{}' }, clientId: 'busy-address' });
      expect(refused).toMatchObject({ ok: false, status: 429, refusal: { limit: 'concurrent-turns-per-address' } });
    } finally {
      for (const release of releases) release();
    }
  });
});
