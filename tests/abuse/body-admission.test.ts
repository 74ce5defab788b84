import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@/lib/server/http/body-limits';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/**
 * Thirty maximal bodies at once (each at its route's byte limit, sent slowly so they overlap),
 * across every body-taking route and from six addresses: the server admits bodies before reading
 * them (bodies and bytes per address, bytes in all), refuses the rest at once with 429/503, a reason
 * and Retry-After, answers every admitted one with a bounded 4xx, and `/api/health` from
 * 127.0.0.1 answers within a second throughout.
 */
const { baseURL } = useAbuseServer();

const ROUTES: { path: string; bytes: number }[] = [
  { path: '/api/turns', bytes: BODY_LIMITS.turn.bytes },
  { path: '/api/sessions', bytes: BODY_LIMITS.share.bytes },
  { path: '/api/sessions/import', bytes: BODY_LIMITS.import.bytes },
  { path: '/api/tools/compile', bytes: BODY_LIMITS.compile.bytes },
  { path: '/api/tools/compile/details', bytes: BODY_LIMITS.small.bytes },
];
const ADDRESSES = ['127.0.0.10', '127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];
/** Bodies go out in chunks this big, a chunk per address every few milliseconds: the whole attack overlaps for seconds. */
const CHUNK_BYTES = 256 * 1024;
const CHUNK_PAUSE_MS = 15;
const ANSWER_TIMEOUT_MS = 90_000;

/**
 * Keep-alive connections, as a browser's: the server answers a refused body at once and drains the
 * rest unread; a client that asked for `Connection: close` would have its connection closed under
 * its still-running upload instead.
 */
const keepAliveAgent = new HttpAgent({ keepAlive: true, maxSockets: Infinity });
afterAll(() => keepAliveAgent.destroy());

type Answer = { path: string; address: string; status: number; retryAfter: string | undefined; text: string };

/** A JSON body of exactly `bytes` bytes: one long string no route expects. */
function maximalBody(bytes: number): Buffer {
  const head = '{"padding":"';
  const tail = '"}';
  return Buffer.from(`${head}${'x'.repeat(bytes - head.length - tail.length)}${tail}`);
}

/** POSTs `body` from `localAddress` a chunk at a time; resolves with the answer as soon as it comes (a refusal comes before the body is sent). */
function sendSlowly(path: string, localAddress: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(baseURL());
    let answered = false;
    const finish = (answer: Omit<Answer, 'path' | 'address'>) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve({ path, address: localAddress, ...answer });
    };
    const request = httpRequest(
      { host: hostname, port: Number(port), path, method: 'POST', localAddress, agent: keepAliveAgent, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk.slice(0, 300)));
        response.on('end', () => {
          finish({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], text: text.slice(0, 300) });
          request.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 0, retryAfter: undefined, text: 'no answer in time' });
      request.destroy();
    }, ANSWER_TIMEOUT_MS);
    request.on('error', (error) => finish({ status: 0, retryAfter: undefined, text: `failed: ${error.message}` }));
    void (async () => {
      for (let offset = 0; offset < body.length && !answered; offset += CHUNK_BYTES) {
        const chunk = body.subarray(offset, offset + CHUNK_BYTES);
        if (!request.write(chunk)) await waitForDrain(request);
        await new Promise((pause) => setTimeout(pause, CHUNK_PAUSE_MS));
      }
      if (!answered) request.end();
    })();
  });
}

function waitForDrain(request: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done).off('close', done);
      resolve();
    };
    request.once('drain', done).once('close', done);
  });
}

describe('bodies admitted before they are read', () => {
  it('answers 30 concurrent maximal bodies on every body-taking route with a clear refusal or a bounded 4xx, and health within a second', async () => {
    const bodies = new Map(ROUTES.map((route) => [route.path, maximalBody(route.bytes)]));
    const attack = Promise.all(
      ADDRESSES.flatMap((address) => ROUTES.map((route) => sendSlowly(route.path, address, bodies.get(route.path)!))),
    );
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = answers.map((answer) => `${answer.address} ${answer.path}: ${answer.status} retry-after=${answer.retryAfter} ${answer.text.slice(0, 140)}`).join('\n');
    expect(answers.length).toBe(30);
    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    console.log(`30 maximal bodies: ${[...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    for (const answer of answers) {
      expect([400, 413, 429, 503], summary).toContain(answer.status);
      expect(JSON.parse(answer.text), summary).toMatchObject({ error: expect.any(String) });
      if (answer.status === 429 || answer.status === 503) expect(Number(answer.retryAfter), summary).toBeGreaterThan(0);
    }
    // Each address sends 30 MB at once, past its 24 MB: the gate refused some before reading them.
    const refusedByGate = answers.filter((answer) => /request bodies|request data|of request bodies/.test(answer.text));
    expect(refusedByGate.length, summary).toBeGreaterThanOrEqual(ADDRESSES.length);
    expectResponsive(latency, '30 concurrent maximal bodies');
    await expectServerStillServes(baseURL());
  });
});
