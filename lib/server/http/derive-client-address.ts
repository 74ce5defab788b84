// Server-only: which address a request counts against, from what the connection proves.
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The one shared key for requests whose address is unknown (no stamping server in front). */
export const UNKNOWN_CLIENT_ADDRESS = 'unknown';

/** What is known about a request's origin, before deciding whom it counts against. */
export type ClientAddressEvidence = {
  /** The socket's remote address, stamped by `server.mjs` after dropping any client copy; undefined without it. */
  peerAddress: string | undefined;
  /** The `X-Forwarded-For` header as received; read only when `trustedProxyHops` > 0. */
  forwardedFor: string | null;
  /**
   * How many reverse proxies the operator runs in front of the server (`PLAYGROUND_TRUST_PROXY`).
   * Each appends the address it received from, so the client is that many entries from the right.
   */
  trustedProxyHops: number;
};

/**
 * The key per-address limits count a request under: the peer address, or the entry the outermost
 * trusted proxy wrote into `X-Forwarded-For`; never a value the client picked. Entries left of
 * it came from the client and are ignored. IPv6 addresses are grouped by their /64, the block
 * one subscriber usually gets.
 */
export function deriveClientAddress(evidence: ClientAddressEvidence): string {
  const forwarded = evidence.trustedProxyHops > 0 && evidence.forwardedFor ? pickForwardedClient(evidence.forwardedFor, evidence.trustedProxyHops) : undefined;
  // A trusted proxy that wrote something unparseable (`unknown`, say) leaves the proxy's own address.
  return forwarded ?? normalizeAddress(evidence.peerAddress ?? '') ?? UNKNOWN_CLIENT_ADDRESS;
}

/** The entry `hops` from the right, or the left-most when fewer proxies were passed; normalized. */
function pickForwardedClient(forwardedFor: string, hops: number): string | undefined {
  const entries = forwardedFor.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry === undefined ? undefined : normalizeAddress(entry);
}

/** An IP address as a limiter key (IPv4 dotted, IPv6 as its /64), or undefined when `text` is none. */
export function normalizeAddress(text: string): string | undefined {
  const address = stripPort(text.trim());
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return undefined;
  const parsed = ipaddr.process(address.replace(/%.*$/, ''));
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** `[v6]:port` → `v6`, `v4:port` → `v4`; a bare IPv6 address has several colons and stays. */
function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1] ?? '';
  const withPort = /^([\d.]+):\d+$/.exec(address);
  return withPort ? (withPort[1] ?? '') : address;
}
