// Server-only: the client address of a route handler's request, from the stamping server and the environment.
import { deriveClientAddress } from './derive-client-address';

/** Where `server.mjs` registers the name of the header it stamps with each connection's peer address. */
const PEER_ADDRESS_HEADER_KEY = Symbol.for('tool-runtime-playground.peer-address-header');

/** How this process learns request addresses. */
export type ClientAddressSettings = {
  /**
   * The header the server in front overwrites with the socket's address. Undefined when none does
   * (`next dev`, a bare `next start`): then any such header is the client's own and is not read.
   */
  peerAddressHeader: string | undefined;
  /** Reverse proxies trusted to append to `X-Forwarded-For`; 0 ignores that header. */
  trustedProxyHops: number;
};

const warned = new Set<'trust-proxy' | 'no-peer-address'>();

function warnOnce(reason: 'trust-proxy' | 'no-peer-address', message: string): void {
  if (warned.has(reason)) return;
  warned.add(reason);
  console.warn(message);
}

/** This process's settings: the header `server.mjs` registered, and `PLAYGROUND_TRUST_PROXY`. */
export function readClientAddressSettings(environment: { PLAYGROUND_TRUST_PROXY?: string; NODE_ENV?: string } = process.env): ClientAddressSettings {
  const registered: unknown = (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_HEADER_KEY];
  const peerAddressHeader = typeof registered === 'string' ? registered : undefined;
  const hops = parseTrustedProxyHops(environment.PLAYGROUND_TRUST_PROXY);
  if (hops === undefined) {
    warnOnce('trust-proxy', `PLAYGROUND_TRUST_PROXY=${JSON.stringify(environment.PLAYGROUND_TRUST_PROXY)} is not a number of proxies; X-Forwarded-For is ignored.`);
  }
  if (peerAddressHeader === undefined && !hops && environment.NODE_ENV === 'production') {
    warnOnce('no-peer-address', 'No peer addresses: start the server with `npm start` (server.mjs) or set PLAYGROUND_TRUST_PROXY; until then every visitor shares one set of limits.');
  }
  return { peerAddressHeader, trustedProxyHops: hops ?? 0 };
}

/** `PLAYGROUND_TRUST_PROXY` as a hop count: unset or empty is 0, a non-negative integer is itself, anything else undefined. */
export function parseTrustedProxyHops(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return 0;
  return /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** The key per-address limits count `request` under (see `deriveClientAddress`). */
export function readClientAddress(request: { headers: { get(name: string): string | null } }, settings: ClientAddressSettings = readClientAddressSettings()): string {
  const peerAddress = settings.peerAddressHeader === undefined ? undefined : (request.headers.get(settings.peerAddressHeader) ?? undefined);
  return deriveClientAddress({ peerAddress, forwardedFor: request.headers.get('x-forwarded-for'), trustedProxyHops: settings.trustedProxyHops });
}
