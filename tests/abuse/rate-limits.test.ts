import { Agent, fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { createBigModule, defineModule, ECHO_TOOL, scriptedModel, SLEEP_TOOL } from '../../harness/attack-modules';
import { describeRun, runTurn, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { compileModule } from '../../harness/compile-module';
import { expectFloodLimited, expectResponsive, expectServerStillServes } from './support/server-checks';
import { shareTurn } from './support/share-turn';
import { useAbuseServer } from './support/use-abuse-server';

/** Limits are keyed on the peer address: headers a client picks do not buy it more. */
const { baseURL } = useAbuseServer();

describe('limits keyed on the peer address', () => {
  it('accepts at most 4 concurrent turns from one address whatever client and forwarded headers say', async () => {
    const body = turnBody({ source: defineModule([SLEEP_TOOL]), message: 'Nap.', model: scriptedModel([[['nap', '{}']]]) });
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        runTurn(baseURL(), body, { timeoutMs: 30_000, headers: { 'x-playground-client': `spoofed-client-${index}`, 'x-forwarded-for': `203.0.113.${index + 10}` } }),
      ),
    );
    const summary = runs.map((run) => `${run.status} retry-after=${run.headers.get('retry-after')} ${run.refusal ?? ''}`).join('\n');
    const accepted = runs.filter((run) => run.status === 200);
    const refused = runs.filter((run) => run.status !== 200);
    expect(accepted.length, summary).toBeLessThanOrEqual(4);
    expect(accepted.length, summary).toBeGreaterThan(0);
    for (const run of refused) {
      expect(run.status, summary).toBe(429);
      expect(Number(run.headers.get('retry-after')), summary).toBeGreaterThan(0);
    }
    for (const run of accepted) expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
    await expectServerStillServes(baseURL());
  });

  it('refuses a flood of replays of one shared session with 429 and Retry-After', async () => {
    const model = scriptedModel([[['echo', JSON.stringify({ text: 'to share' })]]]);
    const source = defineModule([ECHO_TOOL]);
    const message = 'Echo to share.';
    const sessionId = await shareTurn(baseURL(), { source, message, model, title: 'replay flood' });

    const replays = Promise.all(
      Array.from({ length: 20 }, async () => {
        try {
          const response = await fetch(`${baseURL()}/api/sessions/${sessionId}/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(30_000) });
          return { status: response.status, retryAfter: response.headers.get('retry-after'), text: (await response.text()).slice(0, 200) };
        } catch (error) {
          return { status: 0, retryAfter: null, text: String(error) };
        }
      }),
    );
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), replays), replays]);
    expectFloodLimited(answers);
    expectResponsive(latency, 'replay flood');
  });

  it('answers many concurrent compiles of distinct big modules, or refuses them with a reason, never hangs', async () => {
    const compiles = Promise.all(Array.from({ length: 16 }, (_, index) => compileModule(baseURL(), createBigModule(`m${index}_${Date.now()}`), 30_000)));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), compiles), compiles]);
    const summary = answers.map((answer) => `${answer.status} in ${Math.round(answer.elapsedMs)} ms: ${answer.text.slice(0, 120)}`).join('\n');
    for (const answer of answers) {
      expect([200, 429, 503], summary).toContain(answer.status);
      if (answer.status === 200) expect(Array.isArray((answer.body as { tools?: unknown } | undefined)?.tools), summary).toBe(true);
      else expect(typeof (answer.body as { error?: unknown } | undefined)?.error, summary).toBe('string');
    }
    expect(answers.some((answer) => answer.status === 200), summary).toBe(true);
    expectResponsive(latency, 'pool saturation');
    await expectServerStillServes(baseURL());
  });
});

describe('tool details', () => {
  it('answers details only by a compile key it holds, bounds each request, and refuses a flood with 429', async () => {
    const compiled = await compileModule(baseURL(), defineModule([ECHO_TOOL, SLEEP_TOOL]));
    const moduleKey = (compiled.body as { moduleKey?: string } | undefined)?.moduleKey;
    expect(moduleKey, compiled.text).toMatch(/^[0-9a-f]{64}$/);
    // From an address of its own (the earlier floods' idle keep-alive connections count against
    // 127.0.0.1), over at most 48 connections: the server closes any past 64 from one address.
    const connections = new Agent({ connections: 48, localAddress: '127.0.0.3' });
    const ask = async (body: unknown) => {
      const response = await fetch(`${baseURL()}/api/tools/compile/details`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
        dispatcher: connections,
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), text: (await response.text()).slice(0, 300) };
    };
    expect((await ask({ moduleKey: 'e'.repeat(64), indexes: [0] })).status).toBe(404);
    expect((await ask({ moduleKey, indexes: Array.from({ length: 5000 }, () => 0) })).text).toMatch(/at most 250 tools per request/);
    expect((await ask({ moduleKey, indexes: [2 ** 40] })).status).toBe(400);

    // 240 over 48 connections: past the burst of 60 unless the server answered fewer than 20 a
    // second (the bucket's refill), and a refusal is taken before the body is read.
    const flood = Promise.all(Array.from({ length: 240 }, () => ask({ moduleKey, indexes: [0, 1] })));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), flood), flood]);
    await connections.close();
    expectFloodLimited(answers);
    expectResponsive(latency, 'details flood');
  });
});

describe('response headers', () => {
  it('gives every page a fresh nonce-based policy and every answer nosniff and a referrer policy', async () => {
    const pages = await Promise.all([fetch(`${baseURL()}/`), fetch(`${baseURL()}/`)]);
    const policies = pages.map((page) => page.headers.get('content-security-policy') ?? '');
    const nonces = await Promise.all(
      pages.map(async (page, index) => {
        const html = await page.text();
        const nonce = /'nonce-([^']+)'/.exec(policies[index] ?? '')?.[1];
        expect(nonce, policies[index]).toBeTruthy();
        // Every script element of the page carries this response's nonce.
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect(script, script).toContain(`nonce="${nonce}"`);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const policy of policies) {
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).toContain("worker-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
    }
    const api = await fetch(`${baseURL()}/api/health`);
    // server.mjs answers the turn streams and the preview's compile itself (lib/server/http/direct-routes.ts): the same headers.
    const turn = await fetch(`${baseURL()}/api/turns`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(turn.status).toBe(400);
    const compile = await fetch(`${baseURL()}/api/tools/compile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(compile.status).toBe(400);
    for (const response of [...pages, api, turn, compile]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    for (const response of [api, turn, compile]) expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
