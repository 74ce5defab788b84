// Server-only: admits each request body in `server.mjs` before any route reads a byte of it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBodyAdmission, reservedBodyBytes, type BodyAdmission, type BodyAdmissionRefusal } from './create-body-admission';
import { processSingleton } from '@/lib/contract';
import { readClientAddress } from './read-client-address';
import { routeRateLimit, takeRequestLimit } from '../admission';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from '../policy';

/** Answers a refused request itself and returns true, or admits it (returns false) for the routes to serve. */
export type RequestBodyGate = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Where `instrumentation.ts` leaves the gate for `server.mjs` to call on every request. */
export const REQUEST_BODY_GATE_KEY = Symbol.for('tool-runtime-playground.request-body-gate');

export type RequestBodyGateOptions = {
  admission: BodyAdmission;
  /** The key per-address limits count the request under. */
  readAddress: (request: IncomingMessage) => string;
  /** Told of every refusal (the gate has answered it by then). */
  onRefused?: (refusal: BodyAdmissionRefusal, request: IncomingMessage, address: string) => void;
};

/**
 * A gate that reserves each body's declared bytes under its address before the body is read, and
 * releases them once it arrived or the request ended. A refused request is answered at once with
 * 429 (its address's bounds) or 503 (the server's), a reason and `Retry-After`; its body is
 * drained unread (closing the connection instead would reset it under the client's feet, losing
 * the answer), so it holds no memory; the 60 s request timeout bounds a slow one.
 */
export function createRequestBodyGate(options: RequestBodyGateOptions): RequestBodyGate {
  return (request, response) => {
    if (!hasBody(request)) return false;
    const address = options.readAddress(request);
    const admitted = options.admission.admit({ address, bytes: reservedBodyBytes(request.headers['content-length']) });
    if (admitted.ok) {
      const release = admitted.value;
      request.once('end', release).once('close', release);
      response.once('close', release);
      return false;
    }
    writeRefusal(response, admitted.error);
    request.resume();
    options.onRefused?.(admitted.error, request, address);
    return true;
  };
}

function hasBody(request: IncomingMessage): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function writeRefusal(response: ServerResponse, refusal: BodyAdmissionRefusal): void {
  const headers: Record<string, string> = {};
  for (const { key, value } of [...SECURITY_HEADERS, ...API_SECURITY_HEADERS]) headers[key] = value;
  response.writeHead(refusal.status, {
    ...headers,
    'content-type': 'application/json',
    'retry-after': String(refusal.retryAfterSeconds),
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify({ error: refusal.message, details: { limit: refusal.limit, retryAfterSeconds: refusal.retryAfterSeconds } }));
}

/** This process's admission, one per process. */
export const getBodyAdmission: () => BodyAdmission = processSingleton('body-admission', () => createBodyAdmission());

/** Makes this process's gate available to `server.mjs` (under `next dev` nothing calls it). */
export function registerRequestBodyGate(): void {
  const gate = createRequestBodyGate({
    admission: getBodyAdmission(),
    readAddress: (request) => readClientAddress({ headers: { get: (name) => readHeader(request, name) } }),
    onRefused: (_refusal, request, address) => {
      const limit = routeRateLimit(request);
      if (limit) takeRequestLimit(limit, address).catch((error: unknown) => console.error('Counting a refused body against its rate limit failed:', error));
    },
  });
  (globalThis as Record<symbol, unknown>)[REQUEST_BODY_GATE_KEY] = gate;
}

function readHeader(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
