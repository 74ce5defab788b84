import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule, ECHO_TOOL } from '../../harness/attack-modules';
import { answerHugeBody, answerRedirect, startFakeProvider, type FakeProvider } from '../../harness/fake-provider';
import { findFreePort } from '../../harness/find-free-port';
import { describeRun, modelErrors, runTurn, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { readGroupRss, samplePeakRss } from './support/process-memory';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { type AbuseServer } from '../../harness/start-server';
import { startWarmServer } from '../../harness/start-warm-server';

/**
 * Egress: the operator's key never leaves for a base URL a request named, a request's base
 * URL reaches no loopback/private/metadata address unless the operator allows it, redirects
 * are not followed, and response sizes are capped.
 */
const SERVER_SECRET = 'sk-server-secret-123';
const POLICY_VARIABLE = /PLAYGROUND_ALLOW_PRIVATE_NETWORK/;
const source = defineModule([ECHO_TOOL]);
const message = 'Echo hello.';

/** Started with the server key and private network allowed. */
let open: AbuseServer | undefined;
/** Started without PLAYGROUND_ALLOW_PRIVATE_NETWORK. */
let closed: AbuseServer | undefined;
const fakes: FakeProvider[] = [];

async function fake(...args: Parameters<typeof startFakeProvider>): Promise<FakeProvider> {
  const provider = await startFakeProvider(...args);
  fakes.push(provider);
  return provider;
}

beforeAll(async () => {
  // Settled one by one, so a server that did start is stopped in afterAll even when the other failed.
  const started = await Promise.allSettled([startWarmServer({ env: { OPENAI_API_KEY: SERVER_SECRET, PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' } }), startWarmServer()]);
  [open, closed] = started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
});

afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop(), ...fakes.map((provider) => provider.close())]);
});

function serverOf(server: AbuseServer | undefined): AbuseServer {
  if (!server) throw new Error('the server did not start');
  return server;
}

describe('the server key and a base URL from the request', () => {
  it('never sends OPENAI_API_KEY to a base URL the request named', async () => {
    const { baseURL } = serverOf(open);
    const provider = await fake();
    const run = await runTurn(baseURL, turnBody({ source, message, model: { provider: 'openai', model: 'gpt-4.1', baseURL: provider.baseURL } }), { timeoutMs: 30_000 });
    const leaked = provider.requests.filter((request) => request.authorization?.includes(SERVER_SECRET));
    expect(leaked, `requests that carried the server key: ${JSON.stringify(provider.requests)}`).toEqual([]);
    expect(JSON.stringify(run.events)).not.toContain(SERVER_SECRET);
    expect(modelErrors(run).map((error) => error.message).join('\n'), describeRun(run)).toMatch(/key/i);
    expect(turnEnd(run)?.reason, describeRun(run)).toBe('error');
  });
});

describe('a base URL from the request on the private network', () => {
  /** The model-error message of a turn against `baseURL`, with ports blanked so open and closed ports compare. */
  async function refusalFor(model: Record<string, unknown>): Promise<{ message: string; summary: string }> {
    const run = await runTurn(serverOf(closed).baseURL, turnBody({ source, message, model }), { timeoutMs: 30_000 });
    const text = modelErrors(run).map((error) => error.message).join('\n');
    return { message: text.replace(/:\d{2,5}\b/g, ':PORT'), summary: `${JSON.stringify(model)} → ${describeRun(run)}` };
  }

  it('refuses loopback base URLs before connecting, open port or closed, with the variable to set', async () => {
    const provider = await fake();
    const closedPort = await findFreePort();
    const cases = [
      { provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL: provider.baseURL },
      { provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-x', baseURL: provider.baseURL },
      { provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL: `http://localhost:${provider.port}/v1` },
      { provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL: `http://[::1]:${provider.port}/v1` },
      { provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL: `http://127.0.0.1:${closedPort}/v1` },
    ];
    const refusals = [];
    for (const model of cases) refusals.push(await refusalFor(model));
    expect(provider.requests, 'the fake provider must receive nothing').toEqual([]);
    for (const refusal of refusals) expect(refusal.message, refusal.summary).toMatch(POLICY_VARIABLE);
    // An attacker must not be able to tell an open loopback port from a closed one.
    expect(refusals[4]?.message, refusals[4]?.summary).toBe(refusals[0]?.message);
  });

  it('refuses link-local metadata and private addresses with the same reason', async () => {
    // Only once the policy is seen to refuse loopback: otherwise these would really be dialled.
    const gate = await refusalFor({ provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL: `http://127.0.0.1:${await findFreePort()}/v1` });
    expect(gate.message, `not dialling 169.254.169.254 or 10.0.0.1 while loopback is not refused: ${gate.summary}`).toMatch(POLICY_VARIABLE);
    for (const baseURL of ['http://169.254.169.254/latest/meta-data/v1', 'http://10.0.0.1/v1']) {
      const refusal = await refusalFor({ provider: 'openai-compatible', model: 'llama3', apiKey: 'sk-x', baseURL });
      expect(refusal.message, refusal.summary).toMatch(POLICY_VARIABLE);
    }
  });

  it('does not follow a redirect to another local server, even with private network allowed', async () => {
    const target = await fake();
    const redirector = await fake(answerRedirect(`http://127.0.0.1:${target.port}/v1/responses`));
    const run = await runTurn(serverOf(open).baseURL, turnBody({ source, message, model: { provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-x', baseURL: redirector.baseURL } }), {
      timeoutMs: 30_000,
    });
    expect(redirector.requests.length, describeRun(run)).toBeGreaterThan(0);
    expect(target.requests, 'the redirect target must receive nothing').toEqual([]);
    expect(turnEnd(run), describeRun(run)).toBeDefined();
    expect(modelErrors(run).length, describeRun(run)).toBeGreaterThan(0);
  });
});

describe('a huge model response', () => {
  it.each(['sse', 'json'] as const)('cuts a 100 MB %s body at 10 MB without the server growing', async (shape) => {
    const server = serverOf(open);
    const provider = await fake(answerHugeBody({ totalBytes: 100 * 1024 * 1024, shape }));
    const before = await readGroupRss(server.pid);
    const turn = runTurn(server.baseURL, turnBody({ source, message, model: { provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-x', baseURL: provider.baseURL } }), {
      timeoutMs: 60_000,
      maxBytes: 5 * 1024 * 1024,
    });
    const [latency, peak, run] = await Promise.all([sampleLatency(server.baseURL, turn), samplePeakRss(server.pid, turn), turn]);
    const grownMegabytes = Math.round((peak - before) / 1024 / 1024);
    expect(modelErrors(run).map((error) => error.message).join('\n'), describeRun(run)).toMatch(/10 MB|10485760|10,485,760/);
    expect(modelErrors(run).map((error) => error.message).join('\n'), describeRun(run)).toMatch(/large|limit|exceed/i);
    expect(run.bytes, describeRun(run)).toBeLessThan(5 * 1024 * 1024);
    expect(grownMegabytes, `RSS ${Math.round(before / 1024 / 1024)} MB → peak ${Math.round(peak / 1024 / 1024)} MB`).toBeLessThan(200);
    expectResponsive(latency, `huge ${shape} response`);
    await expectServerStillServes(server.baseURL);
  });
});
