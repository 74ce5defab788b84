import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { BODY_LIMITS } from '@/lib/server/http/body-limits';
import { createSseParser } from '@/lib/client/api';

/**
 * Every route handler, called directly with hostile requests: each must answer 4xx with a
 * JSON `{ error }` that says why — never a 500, never a throw. Routes are discovered from
 * `app/api`, so a new route is covered the day it lands.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { file: string; url: string; paramNames: string[]; methods: Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>> };

const API_ROOT = path.resolve(__dirname, '../../../app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Past every route's byte limit, whatever the limits become. */
const BODY_LIMIT_PROBE_BYTES = Math.max(...Object.values(BODY_LIMITS).map((limit) => limit.bytes)) + 1_000_000;

async function findRouteFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? findRouteFiles(path.join(directory, entry.name)) : Promise.resolve(entry.name === 'route.ts' ? [path.join(directory, entry.name)] : []))),
  );
  return nested.flat().sort();
}

async function loadRoutes(): Promise<Route[]> {
  const files = await findRouteFiles(API_ROOT);
  return Promise.all(
    files.map(async (file) => {
      const relative = path.relative(API_ROOT, path.dirname(file)).split(path.sep);
      const paramNames = relative.flatMap((segment) => (/^\[(.+)\]$/.exec(segment)?.[1] ? [/^\[(.+)\]$/.exec(segment)?.[1] ?? ''] : []));
      const loaded = (await import(file)) as Record<string, unknown>;
      const methods: Route['methods'] = {};
      for (const method of METHODS) if (typeof loaded[method] === 'function') methods[method] = loaded[method] as Handler;
      return { file: path.relative(API_ROOT, file), url: `http://localhost/api/${relative.join('/')}`, paramNames, methods };
    }),
  );
}

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const validMessages = [{ role: 'user', content: 'hi' }];

/** Bodies nobody should be able to turn into a 500, whatever route receives them. */
type HostileBody = {
  name: string;
  body: string | ReadableStream<Uint8Array>;
  contentType?: string;
  contentLength?: string;
  /** Odd but well-formed: some routes may accept it; it still must not be a 500. */
  mayBeValid?: boolean;
};

const HOSTILE_BODIES: HostileBody[] = [
  { name: 'no content type', body: 'hello', contentType: '' },
  { name: 'form content type', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'malformed JSON', body: '{"source": "x",' },
  { name: 'JSON null', body: 'null' },
  { name: 'JSON array', body: '[]' },
  { name: 'JSON number', body: '42' },
  { name: 'JSON string', body: '"just a string"' },
  { name: 'empty object', body: '{}' },
  { name: 'empty body', body: '' },
  {
    name: 'wrong types everywhere',
    body: JSON.stringify({ source: 42, messages: 'hi', model: [], callId: {}, approved: 'yes', playground: 1, turnIds: 'x', title: [], id: null, record: 7 }),
  },
  { name: 'prototype pollution', body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
  { name: 'lone surrogates', body: '{"source":"\\ud800\\udfff\\udc00","messages":[{"role":"user","content":"\\udc00"}]}', mayBeValid: true },
  { name: 'deep array (200k levels)', body: deepArray(200_000) },
  { name: 'deep object (100k levels)', body: deepObject(100_000) },
  {
    name: 'deep value inside a recursive schema',
    body: JSON.stringify({ source: '', messages: validMessages, model: { provider: 'tape', tape: [{ request: 0, response: {}, status: 200 }] } }).replace('"request":0', `"request":${deepArray(100_000)}`),
    // Its `source` is a (useless) module the compile route may answer with diagnostics.
    mayBeValid: true,
  },
  { name: 'huge body, declared', body: `{"source":"${'x'.repeat(BODY_LIMIT_PROBE_BYTES)}"}` },
  { name: 'huge body, declared small', body: `{"source":"${'x'.repeat(BODY_LIMIT_PROBE_BYTES)}"}`, contentLength: '10' },
  {
    name: 'huge body, streamed without length',
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode('x'.repeat(1_000_000));
        controller.enqueue(new TextEncoder().encode('{"source":"'));
        for (let index = 0; index < 7; index += 1) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    }),
  },
];

/** Parameter values that must be refused or not found. */
const HOSTILE_PARAMS = ['../../../../etc/passwd', 'x'.repeat(10_000), '%00', '', ' ', '<script>alert(1)</script>', 'turn_does_not_exist'];

function createRequest(url: string, method: string, hostile?: HostileBody): Request {
  const headers = new Headers();
  if (hostile) {
    if (hostile.contentType !== '') headers.set('content-type', hostile.contentType ?? 'application/json');
    if (hostile.contentLength) headers.set('content-length', hostile.contentLength);
  }
  const body = hostile && method !== 'GET' ? (typeof hostile.body === 'string' ? hostile.body : hostile.body) : undefined;
  return new Request(url, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
}

/** What is wrong with the answer to a hostile request, or undefined when it is a 4xx with a reason. */
async function describeBadAnswer(answer: () => Promise<Response>, options: { mayBeValid?: boolean } = {}): Promise<string | undefined> {
  let response: Response;
  try {
    response = await answer();
  } catch (error) {
    return `threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 120)}` : String(error)}`;
  }
  if (options.mayBeValid && response.status < 400) {
    await response.body?.cancel();
    return undefined;
  }
  const text = await response.text();
  if (response.status < 400 || response.status >= 500) return `status ${response.status}: ${text.slice(0, 160)}`;
  try {
    const payload = JSON.parse(text) as { error?: unknown };
    return typeof payload.error === 'string' && payload.error.trim() ? undefined : `status ${response.status} without an error text: ${text.slice(0, 160)}`;
  } catch {
    return `status ${response.status} with a body that is not JSON: ${text.slice(0, 160)}`;
  }
}

/** Routes that read neither body nor parameters; they answer 200 to anything. */
const INPUT_FREE_ROUTES = new Set(['GET health/route.ts', 'GET mcp/servers/route.ts']);

let routes: Route[] = [];
let dataDirectory = '';
const previousEnvironment = { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

beforeAll(async () => {
  dataDirectory = await mkdtemp(path.join(tmpdir(), 'robustness-pglite-'));
  process.env.PGLITE_DATA_DIR = dataDirectory;
  delete process.env.DATABASE_URL;
  routes = await loadRoutes();
}, 60_000);

afterAll(async () => {
  process.env.PGLITE_DATA_DIR = previousEnvironment.PGLITE_DATA_DIR;
  if (previousEnvironment.DATABASE_URL !== undefined) process.env.DATABASE_URL = previousEnvironment.DATABASE_URL;
  await rm(dataDirectory, { recursive: true, force: true });
});

describe('hostile requests to every route', () => {
  it('finds the route handlers', () => {
    const files = routes.map((route) => route.file);
    expect(files).toEqual(expect.arrayContaining(['tools/compile/route.ts', 'turns/route.ts', 'turns/[turnId]/approvals/route.ts', 'turns/[turnId]/abort/route.ts']));
  });

  it('answers every hostile body with a 4xx and a reason', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const params = Object.fromEntries(route.paramNames.map((name) => [name, 'hostile_unknown_id']));
      for (const [method, handler] of Object.entries(route.methods)) {
        // A probe that reads no input (the health check) has nothing to refuse: it must just answer.
        if (INPUT_FREE_ROUTES.has(`${method} ${route.file}`)) continue;
        for (const hostile of HOSTILE_BODIES) {
          if (hostile.body instanceof ReadableStream && hostile.body.locked) continue;
          const problem = await describeBadAnswer(() => handler(createRequest(route.url, method, hostile), { params: Promise.resolve(params) }), hostile);
          if (problem) problems.push(`${method} ${route.file} with ${hostile.name}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  }, 120_000);

  it('answers hostile path parameters with a 4xx and a reason', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((candidate) => candidate.paramNames.length > 0)) {
      for (const [method, handler] of Object.entries(route.methods)) {
        for (const value of HOSTILE_PARAMS) {
          const params = Object.fromEntries(route.paramNames.map((name) => [name, value]));
          const body = method === 'GET' ? undefined : { name: 'valid-looking body', body: JSON.stringify({ callId: 'call_1', approved: true }) };
          const problem = await describeBadAnswer(() => handler(createRequest(route.url, method, body), { params: Promise.resolve(params) }));
          if (problem) problems.push(`${method} ${route.file} with param ${JSON.stringify(value.slice(0, 30))}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('hostile turn requests', () => {
  /** Every event of a turn's SSE answer, checked against the protocol. */
  async function readStreamedEvents(response: Response): Promise<RuntimeEvent[]> {
    const parser = createSseParser();
    const text = await response.text();
    return [...parser.push(text), ...parser.flush()].map((data) => runtimeEventSchema.parse(JSON.parse(data)));
  }

  async function postTurn(body: unknown): Promise<Response> {
    const route = routes.find((candidate) => candidate.file === 'turns/route.ts');
    const handler = route?.methods.POST;
    if (!handler) throw new Error('POST /api/turns not found');
    return handler(new Request('http://localhost/api/turns', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), {
      params: Promise.resolve({}),
    });
  }

  const base = { source: 'export default [];', messages: validMessages };

  it.each([
    ['an unknown provider', { provider: 'mistral', model: 'mistral-large' }, /provider|Invalid/i],
    ['a file: baseURL', { provider: 'openai', model: 'gpt-5', baseURL: 'file:///etc/passwd' }, /http/],
    ['a javascript: baseURL', { provider: 'openai-compatible', model: 'llama', baseURL: 'javascript:alert(1)' }, /http/],
    ['a data: baseURL', { provider: 'openai-compatible', model: 'llama', baseURL: 'data:text/plain,hello' }, /http/],
    ['a relative baseURL', { provider: 'openai-compatible', model: 'llama', baseURL: '/v1' }, /absolute URL/],
    ['an empty model name', { provider: 'openai', model: '   ' }, /model/i],
    ['a fault rate above 1', { provider: 'auto', faults: { rate: 5 } }, /rate|Invalid/i],
  ])('refuses %s with 400 and the reason', async (_name, model, reason) => {
    const response = await postTurn({ ...base, model });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(reason);
  });

  it('ends a turn whose module does not compile inside its stream, with the diagnostics', async () => {
    const response = await postTurn({ ...base, source: 'export default [ defineTool({ name: 1 }) ', model: { provider: 'auto' } });
    expect(response.status).toBe(200);
    const events = await readStreamedEvents(response);
    expect(events.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    expect(events[1]).toMatchObject({ type: 'sandbox-error', code: 'module-error', diagnostics: [expect.objectContaining({ severity: 'error' })] });
    expect(events[2]).toMatchObject({ type: 'turn-end', reason: 'error', error: expect.stringContaining('tools.ts:1:') });
  });

  it('ends a turn whose module loops forever at load time instead of hanging', async () => {
    const response = await postTurn({ ...base, source: 'while (true) {}\nexport default [];', model: { provider: 'auto' } });
    expect(response.status).toBe(200);
    const events = await readStreamedEvents(response);
    expect(events[1]).toMatchObject({ type: 'sandbox-error', code: 'module-error', diagnostics: [expect.objectContaining({ message: expect.stringMatching(/exceeded \d+ ms/) })] });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error' });
  }, 30_000);

  it('refuses limits past their maximum with the limit in the message', async () => {
    const tooMany = await postTurn({ ...base, model: { provider: 'auto' }, maxIterations: 10_000 });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toContain('at most 25');
    const longMessage = await postTurn({ ...base, messages: [{ role: 'user', content: 'x'.repeat(20_001) }], model: { provider: 'auto' } });
    expect(longMessage.status).toBe(400);
  });
});
