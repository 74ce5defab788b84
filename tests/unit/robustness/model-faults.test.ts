import { describe, expect, it } from 'vitest';
import { createModelClient } from '@/lib/models/server/create-model-client';
import type { FetchFunction } from '@/lib/models/record-exchanges';
import { runTurn, type TurnOutcome, type RuntimeEvent } from '@/lib/runtime';
import { userMessage } from '@/lib/runtime/testing';
import { createWorkspaceTools } from '../support/sample-tools';
import { expectNoLeakedTimers } from './count-active-timers';

/** A model endpoint that misbehaves: each test hands the openai SDK a fetch with one fault. */
function createFaultyClient(fetch: FetchFunction, timeoutMs = 5_000) {
  return createModelClient({ provider: 'openai', model: 'gpt-test', apiKey: 'sk-robustness', baseURL: 'http://model.invalid/v1' }, { fetch, timeoutMs });
}

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Resolves never; rejects with an AbortError when the SDK aborts the request. */
const hangingFetch: FetchFunction = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
  });

async function runAgainst(fetch: FetchFunction, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<TurnOutcome> {
  return runTurn({
    tools: createWorkspaceTools().all,
    model: createFaultyClient(fetch, options.timeoutMs),
    input: [userMessage('Read a.txt')],
    host: { signal: options.signal },
  });
}

function expectEndsVisibly(outcome: TurnOutcome, reason: 'error' | 'aborted'): Extract<RuntimeEvent, { type: 'turn-end' }> {
  const last = outcome.events.at(-1);
  expect(last?.type).toBe('turn-end');
  expect(outcome.events.map((event) => event.seq)).toEqual(outcome.events.map((_, index) => index));
  if (last?.type !== 'turn-end') throw new Error('unreachable');
  expect(last.reason).toBe(reason);
  return last;
}

function modelError(outcome: TurnOutcome) {
  const event = outcome.events.find((candidate) => candidate.type === 'model-error');
  if (event?.type !== 'model-error') throw new Error(`no model-error event in ${outcome.events.map((candidate) => candidate.type).join(', ')}`);
  return event;
}

describe('model endpoint faults end as visible events', () => {
  expectNoLeakedTimers();

  it('a 500 becomes model-error with the status and the provider message', async () => {
    const outcome = await runAgainst(async () => jsonResponse({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } }, 500));
    const end = expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome)).toMatchObject({ code: 'request-failed', status: 500, message: 'The server had an error while processing your request.' });
    expect(end).toMatchObject({ error: expect.stringContaining('server had an error') });
  });

  it('a 200 with a garbage body becomes response-malformed', async () => {
    const outcome = await runAgainst(async () => new Response('<html>502 Bad Gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome).code).toBe('response-malformed');
    expect(modelError(outcome).message).toContain('answered an HTML page with status 200, not the JSON of an API');
  });

  it('a 200 with a body that is neither JSON nor HTML quotes its start', async () => {
    const outcome = await runAgainst(async () => new Response('upstream connect error', { status: 200, headers: { 'content-type': 'text/plain' } }));
    expect(modelError(outcome)).toMatchObject({ code: 'response-malformed', message: expect.stringContaining('not valid JSON') });
    expect(modelError(outcome).message).toContain('upstream connect error');
  });

  it('valid JSON in the wrong shape is an error, not a crash', async () => {
    const outcome = await runAgainst(async () => jsonResponse({ id: 'resp_1', output: 'not-a-list', unexpected: { deeply: [1, 2, 3] } }, 200));
    expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome).message.length).toBeGreaterThan(0);
  });

  it('a body that closes mid-stream becomes model-error', async () => {
    const outcome = await runAgainst(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":"resp_1","output":[{"type":"function_call","call_id":"c1","na'));
          controller.error(new Error('socket hang up'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome).message).toMatch(/socket hang up|terminated|not valid JSON/);
  });

  it('an endpoint that never answers times out as model-error', async () => {
    const outcome = await runAgainst(hangingFetch, { timeoutMs: 100 });
    expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome).message).toMatch(/did not answer within 100 ms|timed out/);
  });

  it('an endpoint that never answers is released by the abort signal', async () => {
    const controller = new AbortController();
    const pending = runAgainst(hangingFetch, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort('the user pressed stop');
    const outcome = await pending;
    expectEndsVisibly(outcome, 'aborted');
    expect(outcome.events.some((event) => event.type === 'model-request')).toBe(true);
  });

  it('a fetch that throws (connection refused) becomes model-error naming the endpoint', async () => {
    const outcome = await runAgainst(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    });
    expectEndsVisibly(outcome, 'error');
    expect(modelError(outcome).message).toContain('http://model.invalid/v1');
  });
});
