// Server-only: the routes `server.mjs` serves itself, without Next's routing in between.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_SECURITY_HEADERS, SECURITY_HEADERS, type HeaderEntry } from '../policy';
import { serveWebHandler, writeInternalError, type WebRouteHandler } from './serve-web-handler';

/** `"<METHOD> <path>"`, the path matched exactly (a query string is allowed). */
export type DirectRouteKey = `${'GET' | 'POST'} /api/${string}`;

/**
 * A route served on Node's own request and response, without a Fetch `Request` or web streams in
 * between; `added` are the headers every API answer carries. It answers its own failures; one that
 * throws gets a 500 without details.
 */
export type NodeRouteHandler = (request: IncomingMessage, response: ServerResponse, added: readonly HeaderEntry[]) => Promise<void>;

/** A `route.ts` handler, or the same route written for Node (`{ node }`). */
export type DirectRoute = WebRouteHandler | { node: NodeRouteHandler };

/** Answers the request and returns true when it is one of the direct routes, else returns false and leaves it alone. */
export type DirectRouteServer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Where `instrumentation.ts` leaves the server for `server.mjs` to find. */
export const DIRECT_ROUTES_KEY = Symbol.for('tool-runtime-playground.direct-routes');

/**
 * A server for the given route handlers, answering exactly as Next would: the same handler, the
 * headers next.config.ts gives API answers, a 500 without details when a handler throws. Next's
 * routing costs ~2–3 ms of the HTTP thread per request on a 2-core machine; for the turn streams,
 * which a crowd starts at once, that decided how long the last of them waited for its first event
 * (docs/decisions/0004-first-event-under-a-burst.md).
 */
export function createDirectRouteServer(routes: Partial<Record<DirectRouteKey, DirectRoute>>): DirectRouteServer {
  const table = new Map<string, DirectRoute>(Object.entries(routes).filter((entry): entry is [string, DirectRoute] => entry[1] !== undefined));
  const headers = [...SECURITY_HEADERS, ...API_SECURITY_HEADERS];
  return (request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    const handler = table.get(`${request.method ?? ''} ${path}`);
    if (!handler) return false;
    const onError = (error: unknown) => console.error(`${request.method} ${path} failed:`, error);
    if (typeof handler === 'function') {
      serveWebHandler(request, response, { handler, headers, onError }).catch((error: unknown) => {
        onError(error);
        response.destroy();
      });
    } else {
      handler.node(request, response, headers).catch((error: unknown) => {
        onError(error);
        writeInternalError(response, headers);
      });
    }
    return true;
  };
}

/** Makes the routes available to `server.mjs` (under `next dev` nothing reads them, and Next serves the same handlers). */
export function registerDirectRoutes(routes: Partial<Record<DirectRouteKey, DirectRoute>>): void {
  (globalThis as Record<symbol, unknown>)[DIRECT_ROUTES_KEY] = createDirectRouteServer(routes);
}
