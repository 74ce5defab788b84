import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_ADMISSION_LIMITS, createBodyAdmission, LARGEST_BODY_BYTES, reservedBodyBytes } from '@/lib/server/http/create-body-admission';
import { createRequestBodyGate } from '@/lib/server/http/gate-request-bodies';
import { ROUTE_RATE_LIMITS, routeRateLimit } from '@/lib/server/admission/route-rate-limits';

const LIMITS = { ...BODY_ADMISSION_LIMITS, bodiesPerAddress: 2, bytesPerAddress: 1_000, bytesTotal: 1_500, smallBodyBytes: 100 };

describe('body admission', () => {
  it('bounds bodies and bytes per address, and bytes in all except for small bodies', () => {
    const admission = createBodyAdmission(LIMITS);
    const first = admission.admit({ address: 'a', bytes: 600 });
    expect(first.ok).toBe(true);
    expect(admission.admit({ address: 'a', bytes: 600 })).toMatchObject({ ok: false, error: { limit: 'request-body-bytes-per-address', status: 429 } });
    expect(admission.admit({ address: 'a', bytes: 10 }).ok).toBe(true);
    expect(admission.admit({ address: 'a', bytes: 10 })).toMatchObject({ ok: false, error: { limit: 'request-bodies-per-address', status: 429 } });
    expect(admission.admit({ address: 'b', bytes: 900 })).toMatchObject({ ok: false, error: { limit: 'request-body-bytes-total', status: 503 } });
    // A small body is kept out only by its own address's bounds.
    expect(admission.admit({ address: 'c', bytes: 100 }).ok).toBe(true);
    if (first.ok) {
      first.value();
      first.value();
    }
    expect(admission.inFlight('a')).toEqual({ bodies: 1, bytes: 10 });
    expect(admission.inFlight()).toEqual({ bodies: 2, bytes: 110 });
    expect(admission.admit({ address: 'b', bytes: 900 }).ok).toBe(true);
  });

  it('says which bound refused and when to retry', () => {
    const refused = createBodyAdmission(LIMITS).admit({ address: 'a', bytes: 2_000 });
    expect(refused).toMatchObject({ ok: false, error: { retryAfterSeconds: LIMITS.retryAfterSeconds } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/^Too much request data is arriving from your address at once: at most 0 MB\. Retry in 2 s\.$/);
  });

  it('reserves the declared length, capped at the largest route limit, or that limit when none is declared', () => {
    expect(reservedBodyBytes('1234')).toBe(1234);
    expect(reservedBodyBytes(String(10 * LARGEST_BODY_BYTES))).toBe(LARGEST_BODY_BYTES);
    expect(reservedBodyBytes(undefined)).toBe(LARGEST_BODY_BYTES);
    expect(reservedBodyBytes('nonsense')).toBe(LARGEST_BODY_BYTES);
  });

  it('knows the rate limit of each body-taking route that has one', () => {
    expect(routeRateLimit({ method: 'POST', url: '/api/sessions/import?x=1' })).toBe('session-writes-per-address');
    expect(routeRateLimit({ method: 'POST', url: '/api/turns' })).toBeUndefined();
    expect(routeRateLimit({ method: 'GET', url: '/api/tools/compile' }), 'the method is part of the route').toBeUndefined();
  });

  it('names only routes whose handler spends the same entry before reading its body', () => {
    for (const route of Object.keys(ROUTE_RATE_LIMITS)) {
      const [method, path] = route.split(' ') as [string, string];
      const handler = readFileSync(`app${path}/route.ts`, 'utf8');
      expect(handler, route).toContain(`export async function ${method}(`);
      expect(handler, route).toContain(`takeRouteRateLimit('${route}'`);
    }
  });
});

describe('the request body gate', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('refuses a body past its address bound before reading it, with a reason and Retry-After, and admits the next once one arrived', async () => {
    const admission = createBodyAdmission(LIMITS);
    const refusals: string[] = [];
    const gate = createRequestBodyGate({ admission, readAddress: () => 'one', onRefused: (refusal) => refusals.push(refusal.limit) });
    const bodies: string[] = [];
    server = createServer((request, response) => {
      if (gate(request, response)) return;
      let text = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        bodies.push(text);
        response.end('read');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (body: string, { finish }: { finish: boolean }) =>
      new Promise<{ status: number; text: string; retryAfter?: string; end: () => void }>((resolve, reject) => {
        const request = httpRequest({ port, host: '127.0.0.1', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } }, (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text, retryAfter: response.headers['retry-after'], end: () => request.end() }));
        });
        request.on('error', reject);
        // Half the body now; the rest when `finish` (else the test sends it later).
        request.write(body.slice(0, body.length / 2));
        if (finish) request.end(body.slice(body.length / 2));
        else pending.push(() => request.end(body.slice(body.length / 2)));
      });
    const pending: (() => void)[] = [];
    const slow = send('x'.repeat(800), { finish: false });
    await waitUntil(() => admission.inFlight('one').bodies === 1);
    const refused = await send('y'.repeat(400), { finish: true });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('2');
    expect(JSON.parse(refused.text)).toMatchObject({ error: expect.stringContaining('Too much request data is arriving from your address'), details: { limit: 'request-body-bytes-per-address' } });
    expect(refusals).toEqual(['request-body-bytes-per-address']);
    pending.shift()?.();
    expect((await slow).status).toBe(200);
    await waitUntil(() => admission.inFlight().bodies === 0);
    expect((await send('z'.repeat(400), { finish: true })).text).toBe('read');
    expect(bodies).toEqual(['x'.repeat(800), 'z'.repeat(400)]);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !done(); turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}
