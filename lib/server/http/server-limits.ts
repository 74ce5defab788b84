// Server-only: the bounds `server.mjs` puts on connections, applied through `applyServerLimits`.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections and how long a request may take to arrive; the README's limits table lists each. */
export const SERVER_LIMITS = {
  /** Open connections in all (`PLAYGROUND_MAX_CONNECTIONS` overrides). Past it new ones are closed at once. */
  maxConnections: 1024,
  /** Open connections from one peer address (not applied behind a trusted proxy, where every peer is the proxy). */
  maxConnectionsPerAddress: 64,
  /** A request's headers must have arrived by then. */
  headersTimeoutMs: 15_000,
  /** The whole request, its body included (an 8 MB turn body over a slow link takes seconds, not minutes). */
  requestTimeoutMs: 60_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
} as const;

/** Where `instrumentation.ts` leaves `applyServerLimits` for `server.mjs` to call on its server. */
export const SERVER_LIMITS_KEY = Symbol.for('tool-runtime-playground.apply-server-limits');

export type ServerLimitOptions = {
  maxConnections?: number;
  /** Undefined: no per-address cap (a trusted proxy is every connection's peer). */
  maxConnectionsPerAddress?: number;
};

/**
 * Caps connections (in all, and per peer address) and bounds how long headers and bodies may take
 * to arrive, so slow or piled-up connections cannot hold the server's sockets and memory. Node
 * checks its request timeouts every `connectionsCheckingInterval`; a shorter interval makes them hold.
 */
export function applyServerLimits(server: Server, options: ServerLimitOptions = {}): void {
  server.maxConnections = options.maxConnections ?? SERVER_LIMITS.maxConnections;
  server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
  server.requestTimeout = SERVER_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  const perAddress = options.maxConnectionsPerAddress;
  if (perAddress === undefined) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** This process's options: `PLAYGROUND_MAX_CONNECTIONS`, and no per-address cap when `PLAYGROUND_TRUST_PROXY` names proxies. */
export function readServerLimitOptions(environment: Record<string, string | undefined> = process.env): ServerLimitOptions {
  const configured = Number(environment.PLAYGROUND_MAX_CONNECTIONS);
  const behindProxy = Number(environment.PLAYGROUND_TRUST_PROXY ?? '0') > 0;
  return {
    maxConnections: Number.isInteger(configured) && configured > 0 ? configured : SERVER_LIMITS.maxConnections,
    ...(behindProxy ? {} : { maxConnectionsPerAddress: SERVER_LIMITS.maxConnectionsPerAddress }),
  };
}

/** Where `server.mjs` leaves its HTTP server when it was created before `instrumentation.ts` ran. */
export const HTTP_SERVER_KEY = Symbol.for('tool-runtime-playground.http-server');

/**
 * Puts the limits (with this process's options) on `server.mjs`'s server: at once when the server
 * exists already, else by leaving `applyServerLimits` for `server.mjs` to call once it created it.
 * Exactly one of the two happens, whichever of them runs first.
 */
export function registerServerLimits(): void {
  const globals = globalThis as Record<symbol, unknown>;
  const apply = (server: Server) => applyServerLimits(server, readServerLimitOptions());
  globals[SERVER_LIMITS_KEY] = apply;
  const server = globals[HTTP_SERVER_KEY];
  if (server instanceof Object && 'listen' in server) apply(server as Server);
}
