import ipaddr from 'ipaddr.js';
import { classifyAddress } from './classify-address';
import type { EgressRefusal } from './egress-refusal';
import { isMetadataHost } from './is-metadata-host';

/**
 * The refusal a host earns before any address is resolved: an IP literal outside global unicast
 * (the connect-time lookup never sees literals), or a metadata host name. Other names are judged
 * by every address they resolve to, when connecting.
 */
export function findHostRefusal(hostname: string): EgressRefusal | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isMetadataHost(bare)) return { code: 'metadata-host', hostname: bare };
  if (!ipaddr.isValid(bare)) return undefined;
  return findAddressRefusal(bare, [bare]);
}

/** The refusal for a host that resolves to `addresses`: every one of them must be allowed. */
export function findAddressRefusal(hostname: string, addresses: readonly string[]): EgressRefusal | undefined {
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed) {
      return { code: 'private-address', hostname, address, description: verdict.description, addressCount: addresses.length };
    }
  }
  return undefined;
}
