// Production entry (`npm start`): serves the built app like `next start`, and first overwrites
// `x-playground-peer-address` on every request with the connection's remote address. Next keeps a
// client-supplied X-Forwarded-For as sent, so without this the app cannot tell who connected.
// The turn streams' route handlers are called directly (see DIRECT_ROUTES_KEY below).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const PEER_ADDRESS_HEADER = 'x-playground-peer-address';
/** Where instrumentation.ts leaves the routes served here without Next's routing (lib/server/http/direct-routes.ts). */
const DIRECT_ROUTES_KEY = Symbol.for('tool-runtime-playground.direct-routes');
/** Where it leaves the gate that admits request bodies before any is read (lib/server/http/gate-request-bodies.ts). */
const REQUEST_BODY_GATE_KEY = Symbol.for('tool-runtime-playground.request-body-gate');
/** Where it leaves the connection caps and request timeouts to put on this server (lib/server/http/server-limits.ts). */
const SERVER_LIMITS_KEY = Symbol.for('tool-runtime-playground.apply-server-limits');
/** Where this server is left for instrumentation.ts, which may run after it was created. */
const HTTP_SERVER_KEY = Symbol.for('tool-runtime-playground.http-server');

const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

// Set before Next (and with it React) is loaded, as `next start` does.
process.env.NODE_ENV ??= 'production';
const { default: next } = await import('next');

// The app reads the header only when this process registered it, so under `next dev` or a bare
// `next start` a client's own copy of it is never believed.
globalThis[Symbol.for('tool-runtime-playground.peer-address-header')] = PEER_ADDRESS_HEADER;

const app = next({ dev: false, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
  // Bodies in flight per address and in all are bounded before any route reads one; a refused request is answered here.
  if (globalThis[REQUEST_BODY_GATE_KEY]?.(request, response)) return;
  // The turn streams: the same route handlers, minus Next's per-request routing work.
  if (globalThis[DIRECT_ROUTES_KEY]?.(request, response)) return;
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
// Connections in all and per address, and how long headers and a body may take to arrive: put on
// the server here when instrumentation.ts has already run, else by it when it runs (Next may start
// it only with the first request).
globalThis[HTTP_SERVER_KEY] = server;
globalThis[SERVER_LIMITS_KEY]?.(server);
server.listen(port, hostname, () => {
  console.log(`Ready on http://${hostname ?? 'localhost'}:${port}`);
});
