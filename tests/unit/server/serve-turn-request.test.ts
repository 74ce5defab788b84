import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { createDirectRouteServer } from '@/lib/server/http/direct-routes';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { serveTurnRequest } from '@/lib/server/turns/serve-turn-request';
import { type FinishedTurn, TURN_LIMITS } from '@/lib/contract';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createSseParser } from '@/lib/client/api';

// Finished turns are kept here instead of in the session database.
const saved = vi.hoisted(() => [] as FinishedTurn[]);
vi.mock('@/lib/server/sessions/finished-turns', () => ({ saveFinishedTurn: async (turn: FinishedTurn) => void saved.push(turn) }));
const { POST: routePost } = await import('@/app/api/turns/route');

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';
export default [defineTool({ name: 'echo', description: 'Echo a number.', schema: z.object({ n: z.number() }), isReadOnly: true, execute: (args) => 'n=' + args.n })];
`;
const TURN = {
  source: SOURCE,
  messages: [{ role: 'user', content: 'Echo 7.' }],
  model: { provider: 'scripted', script: [{ calls: [{ name: 'echo', arguments: '{"n":7}' }] }, { text: 'Echoed.' }] },
};
/** A turn that waits for a hand-typed output until it is stopped. */
const WAITING_TURN = { ...TURN, answerByHand: ['echo'] };

let server: Server;
let baseUrl: string;

/** As server.mjs does: each request carries its connection's address in a header only the server writes. */
const PEER_ADDRESS_HEADER_KEY = Symbol.for('tool-runtime-playground.peer-address-header');
const PEER_ADDRESS_HEADER = 'x-playground-peer-address';

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_HEADER_KEY] = PEER_ADDRESS_HEADER;
  const direct = createDirectRouteServer({ 'POST /api/turns': { node: serveTurnRequest } });
  server = createServer((request, response) => {
    request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
    if (!direct(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_HEADER_KEY];
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** POSTs `body` (a string is sent as is, in one chunk per element of an array) and reads the whole answer. */
function post(body: string | string[], headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/api/turns`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    for (const chunk of Array.isArray(body) ? body : [body]) request.write(chunk);
    request.end();
  });
}

function eventsOf(text: string): RuntimeEvent[] {
  const parser = createSseParser();
  return [...parser.push(text), ...parser.flush()].map((data) => runtimeEventSchema.parse(JSON.parse(data)));
}

/** What the route handler under Next answers for the same request. */
async function routeAnswer(body: string, type = 'application/json'): Promise<{ status: number; json: unknown }> {
  const response = await routePost(new Request('http://localhost/api/turns', { method: 'POST', headers: { 'content-type': type }, body }));
  return { status: response.status, json: await response.json() };
}

describe('serveTurnRequest (POST /api/turns on npm start)', () => {
  it('streams the turn as SSE with its id and the API headers, and stores the finished turn', { timeout: 60_000 }, async () => {
    const answer = await post(JSON.stringify(TURN));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache, no-transform');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const events = eventsOf(answer.text);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(events[0]).toMatchObject({ type: 'turn-start', turnId: answer.headers['x-turn-id'] });
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: 'n=7' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Echoed.' });
    await expect.poll(() => saved.find((turn) => turn.turnId === answer.headers['x-turn-id'])?.outcome.reason).toBe('completed');
  });

  it('refuses what the route handler refuses, with the same status and reason', { timeout: 30_000 }, async () => {
    const cases: { body: string; type?: string }[] = [
      { body: JSON.stringify(TURN), type: 'text/plain' },
      { body: '{"source": ' },
      { body: JSON.stringify({ ...TURN, messages: [] }) },
      { body: JSON.stringify({ ...TURN, mode: 'task' }) },
      { body: `${'['.repeat(200)}${']'.repeat(200)}` },
    ];
    for (const { body, type = 'application/json' } of cases) {
      const expected = await routeAnswer(body, type);
      expect(expected.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      const answer = await post(body, { 'content-type': type });
      expect({ status: answer.status, json: JSON.parse(answer.text) }, body.slice(0, 40)).toEqual(expected);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a body past the limit, declared or not, with 413 and the limit; a client still uploading reads it', { timeout: 30_000 }, async () => {
    // Answered before the body is read (this client sends 2 of the bytes it declared, so its connection is not reused).
    const past = TURN_LIMITS.bodyBytes + 1_000_000;
    const declared = await post('{}', { 'content-type': 'application/json', 'content-length': String(past), connection: 'close' });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error).toBe(`The body is ${past} bytes; the limit is ${TURN_LIMITS.bodyBytes}.`);
    const chunk = 'x'.repeat(1_000_000);
    const streamed = await post(['{"source":"', ...Array.from({ length: past / 1_000_000 }, () => chunk), '"}'], { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text).error).toBe(`The body exceeds the limit of ${TURN_LIMITS.bodyBytes} bytes.`);
  });

  it('stops the turn when its client goes away mid-stream', { timeout: 60_000 }, async () => {
    const clientAddress = '127.0.0.1';
    const before = getTurnRegistry().countForClient(clientAddress);
    const firstEvents = await new Promise<RuntimeEvent[]>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}/api/turns`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        const parser = createSseParser();
        const seen: RuntimeEvent[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          for (const data of parser.push(chunk)) seen.push(runtimeEventSchema.parse(JSON.parse(data)));
          // Waiting for the hand-typed output: the turn would wait for minutes.
          if (seen.some((event) => event.type === 'tool-output-request')) {
            request.destroy();
            resolve(seen);
          }
        });
      });
      request.on('error', () => undefined);
      request.on('close', () => reject(new Error('closed before the turn asked for an output')));
      request.end(JSON.stringify(WAITING_TURN));
    });
    expect(firstEvents[0]?.type).toBe('turn-start');
    await expect.poll(() => getTurnRegistry().countForClient(clientAddress), { timeout: 10_000 }).toBe(before);
  });

  it('answers 429 with Retry-After once an address runs its limit of turns', { timeout: 60_000 }, async () => {
    const open: ReturnType<typeof httpRequest>[] = [];
    try {
      for (let index = 0; index < CONCURRENT_TURN_LIMITS.perAddress; index += 1) {
        await new Promise<void>((resolve, reject) => {
          const request = httpRequest(`${baseUrl}/api/turns`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', () => resolve());
          });
          request.on('error', reject);
          request.end(JSON.stringify(WAITING_TURN));
          open.push(request);
        });
      }
      const refused = await post(JSON.stringify(TURN));
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(refused.text).error).toMatch(
        new RegExp(`^At most ${CONCURRENT_TURN_LIMITS.perAddress} turns may run at once from your address; stop one or wait for one to finish\\. Retry in \\d+ s\\.$`),
      );
    } finally {
      for (const request of open) request.destroy();
    }
    await expect.poll(() => getTurnRegistry().countForClient('127.0.0.1'), { timeout: 10_000 }).toBe(0);
  });
});
