import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHugeBody, startFakeProvider, type FakeHandler, type FakeProvider } from '../../harness/fake-provider';
import { sampleLatency } from '../../harness/sample-latency';
import { expectFloodLimited, expectResponsive, expectServerStillServes } from './support/server-checks';
import { type AbuseServer } from '../../harness/start-server';
import { startWarmServer } from '../../harness/start-warm-server';

/**
 * `POST /api/providers/check` sends one request to a server the visitor names: it obeys the
 * turns' egress policy, gives up on a slow or huge answer within its bounds, and is rate limited.
 */
const SECRET = 'sk-visitor-secret-5150';

/** Started with PLAYGROUND_ALLOW_PRIVATE_NETWORK=1, so it may reach the loopback fakes. */
let open: AbuseServer | undefined;
/** Started without it. */
let closed: AbuseServer | undefined;
const fakes: FakeProvider[] = [];
const hanging: ServerResponse[] = [];

async function fake(handler: FakeHandler): Promise<FakeProvider> {
  const provider = await startFakeProvider(handler);
  fakes.push(provider);
  return provider;
}

beforeAll(async () => {
  const started = await Promise.allSettled([startWarmServer({ env: { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' } }), startWarmServer()]);
  [open, closed] = started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await Promise.all([open?.stop(), closed?.stop(), ...fakes.map((provider) => provider.close())]);
});

function serverOf(server: AbuseServer | undefined): AbuseServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

type Answer = { status: number; retryAfter: string | null; text: string };

/** Every check comes from 127.0.0.1 (X-Forwarded-For counts only behind a trusted proxy): each server's limit is shared by the file's tests. */
async function check(server: AbuseServer, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${server.baseURL}/api/providers/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
}

describe('a base URL on the private network', () => {
  it('is refused before connecting unless the operator allows it, naming the variable and never the key', async () => {
    const provider = await fake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[]}');
    });
    const targets = [provider.baseURL, `http://localhost:${provider.port}/v1`, `http://[::1]:${provider.port}/v1`, 'http://169.254.169.254/latest', 'http://10.0.0.1/v1'];
    for (const baseURL of targets) {
      const answer = await check(serverOf(closed), { provider: 'openai-compatible', baseURL, apiKey: SECRET });
      expect(answer.status, answer.text).toBe(200);
      const body = JSON.parse(answer.text) as { outcome: string; message: string };
      expect(body.outcome, `${baseURL}: ${answer.text}`).toBe('refused');
      expect(body.message).toMatch(/PLAYGROUND_ALLOW_PRIVATE_NETWORK=1/);
      expect(answer.text).not.toContain(SECRET);
    }
    expect(provider.requests).toEqual([]);
  });
});

describe('a slow or huge answer', () => {
  it('gives up on a server that dribbles or never answers, reads only the start of 100 MB, and keeps serving', async () => {
    const silent = await fake((_request, response) => {
      hanging.push(response);
    });
    const dribbling = await fake((_request, response) => {
      hanging.push(response);
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 100);
    });
    const huge = await fake(answerHugeBody({ totalBytes: 100 * 1024 * 1024, shape: 'json' }));
    const checks = Promise.all([
      check(serverOf(open), { provider: 'openai-compatible', baseURL: silent.baseURL }),
      check(serverOf(open), { provider: 'openai-compatible', baseURL: dribbling.baseURL }),
      check(serverOf(open), { provider: 'openai-compatible', baseURL: huge.baseURL, apiKey: SECRET }),
    ]);
    const [latency, answers] = await Promise.all([sampleLatency(serverOf(open).baseURL, checks), checks]);
    const bodies = answers.map((answer) => JSON.parse(answer.text) as { outcome: string; message: string });
    expect(bodies.map((body) => body.outcome)).toEqual(['unreachable', 'unreachable', 'ready']);
    expect(bodies[0]?.message).toBe(`The server at ${silent.baseURL} did not answer within 5 s.`);
    expect(bodies[1]?.message).toBe(`The server at ${dribbling.baseURL} did not answer within 5 s.`);
    // A JSON answer of 100 MB is judged by its first 64 KB; the rest is never read.
    expect(bodies[2]?.message).toBe(`The server at ${huge.baseURL} is reachable and accepted the key.`);
    expect(answers.map((answer) => answer.text).join('\n')).not.toContain(SECRET);
    expectResponsive(latency, 'slow and huge provider checks');
    await expectServerStillServes(serverOf(open).baseURL);
  }, 60_000);
});

describe('a flood of checks', () => {
  it('is refused with 429 and Retry-After before any body is read', async () => {
    const provider = await fake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[]}');
    });
    const flood = Promise.all(Array.from({ length: 30 }, () => check(serverOf(open), { provider: 'openai-compatible', baseURL: provider.baseURL })));
    const [latency, answers] = await Promise.all([sampleLatency(serverOf(open).baseURL, flood), flood]);
    expectFloodLimited(answers);
    expectResponsive(latency, 'provider check flood');
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited?.text).toContain('Too many provider checks from your address');
    expect(provider.requests.length).toBe(answers.filter((answer) => answer.status === 200).length);
    // A body past the route's 8 KB is refused unread (on the other server, whose limit has tokens left).
    const oversized = await check(serverOf(closed), { provider: 'openai-compatible', baseURL: provider.baseURL, apiKey: 'k'.repeat(20_000) });
    expect(oversized.status, oversized.text).toBe(413);
  });
});
