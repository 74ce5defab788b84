import ipaddr from 'ipaddr.js';

/** Whether a base URL from a request may connect to an address, and if not, what the address is. */
export type AddressClass =
  | { allowed: true; range: 'unicast' }
  | {
      allowed: false;
      /** The `ipaddr.js` range name, or `invalid` for a string that is not an address. */
      range: string;
      /** For messages: "a loopback address", "the cloud metadata address", … */
      description: string;
    };

/** Cloud instance-metadata endpoints (AWS, GCP, Azure, …; AWS's IPv6 one). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254'].map((address) => ipaddr.parse(address).toNormalizedString()));

const RANGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  uniqueLocal: 'a unique-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address',
};

/**
 * Classifies an IPv4 or IPv6 address (IPv4-mapped IPv6 is judged as the IPv4 it maps). Only
 * global unicast is allowed: every special-purpose range is refused, including the translation
 * and tunnelling ranges (NAT64, 6to4, Teredo) that can embed a private IPv4 address.
 */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid', description: 'not an IP address' };
  const parsed = ipaddr.process(bare);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString())) {
    return { allowed: false, range: parsed.range(), description: 'the cloud metadata address' };
  }
  const special = parsed.range();
  const range = special === 'unicast' && parsed.kind() === 'ipv6' && isIpv4Compatible(parsed.toByteArray()) ? 'ipv4Compatible' : special;
  if (range === 'unicast') return { allowed: true, range };
  return { allowed: false, range, description: RANGE_DESCRIPTIONS[range] ?? `a special-purpose address (${range})` };
}

/** `::a.b.c.d` (deprecated, RFC 4291): `ipaddr.js` files it under unicast. */
function isIpv4Compatible(bytes: number[]): boolean {
  return bytes.slice(0, 12).every((byte) => byte === 0);
}
