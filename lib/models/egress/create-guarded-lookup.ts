// Server-only: resolves host names for sockets the egress policy opens.
import { lookup as lookupSystem, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { EgressRefusalError } from './egress-refusal';
import { findAddressRefusal, findHostRefusal } from './find-host-refusal';

/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The system resolver (`getaddrinfo`, so /etc/hosts counts), every address. */
export const resolveWithSystem: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    lookupSystem(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * A `net.connect` lookup that resolves the host itself and refuses it when any of its addresses
 * is not global unicast. Run at connect time, it judges the very addresses the socket then
 * uses, so a name that re-resolves to a private address (DNS rebinding) is still refused.
 */
export function createGuardedLookup(resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const early = findHostRefusal(hostname);
    if (early) {
      callback(new EgressRefusalError(early), []);
      return;
    }
    resolveHost(hostname).then(
      (resolved) => {
        const refusal = findAddressRefusal(hostname, resolved.map((entry) => entry.address));
        if (refusal) {
          callback(new EgressRefusalError(refusal), []);
          return;
        }
        const usable = options.family === 4 || options.family === 6 ? resolved.filter((entry) => entry.family === options.family) : resolved;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), []);
          return;
        }
        if (options.all) callback(null, [...usable]);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
