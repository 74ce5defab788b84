import { describe, expect, it } from 'vitest';
import { deriveClientAddress, normalizeAddress, UNKNOWN_CLIENT_ADDRESS } from '@/lib/server/http/derive-client-address';

describe('deriveClientAddress', () => {
  it('is the peer address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(deriveClientAddress({ peerAddress: '192.0.2.7', forwardedFor: null, trustedProxyHops: 0 })).toBe('192.0.2.7');
    expect(deriveClientAddress({ peerAddress: '192.0.2.7', forwardedFor: '203.0.113.1', trustedProxyHops: 0 })).toBe('192.0.2.7');
    expect(deriveClientAddress({ peerAddress: '192.0.2.7', forwardedFor: '203.0.113.1, 203.0.113.2', trustedProxyHops: 0 })).toBe('192.0.2.7');
  });

  it('is the shared unknown key without a peer address and without a trusted proxy', () => {
    expect(deriveClientAddress({ peerAddress: undefined, forwardedFor: null, trustedProxyHops: 0 })).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(deriveClientAddress({ peerAddress: undefined, forwardedFor: '203.0.113.1', trustedProxyHops: 0 })).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(deriveClientAddress({ peerAddress: 'not an address', forwardedFor: null, trustedProxyHops: 0 })).toBe(UNKNOWN_CLIENT_ADDRESS);
  });

  it('behind one trusted proxy takes the right-most entry, ignoring what the client prepended', () => {
    const evidence = { peerAddress: '10.0.0.2', trustedProxyHops: 1 };
    expect(deriveClientAddress({ ...evidence, forwardedFor: '198.51.100.9' })).toBe('198.51.100.9');
    expect(deriveClientAddress({ ...evidence, forwardedFor: '1.1.1.1, 2.2.2.2, 198.51.100.9' })).toBe('198.51.100.9');
  });

  it('behind two trusted proxies takes the second entry from the right', () => {
    const evidence = { peerAddress: '10.0.0.2', trustedProxyHops: 2 };
    expect(deriveClientAddress({ ...evidence, forwardedFor: '6.6.6.6, 198.51.100.9, 10.0.0.1' })).toBe('198.51.100.9');
    // Fewer entries than proxies: the request skipped the outer one; the left-most was written by a trusted hop.
    expect(deriveClientAddress({ ...evidence, forwardedFor: '198.51.100.9' })).toBe('198.51.100.9');
  });

  it('falls back to the peer when the trusted entry is missing or not an address', () => {
    const evidence = { peerAddress: '10.0.0.2', trustedProxyHops: 1 };
    expect(deriveClientAddress({ ...evidence, forwardedFor: null })).toBe('10.0.0.2');
    expect(deriveClientAddress({ ...evidence, forwardedFor: ' , ' })).toBe('10.0.0.2');
    expect(deriveClientAddress({ ...evidence, forwardedFor: '198.51.100.9, unknown' })).toBe('10.0.0.2');
    expect(deriveClientAddress({ peerAddress: undefined, trustedProxyHops: 1, forwardedFor: 'unknown' })).toBe(UNKNOWN_CLIENT_ADDRESS);
  });

  it('uses a trusted X-Forwarded-For even when no server stamped the peer', () => {
    expect(deriveClientAddress({ peerAddress: undefined, forwardedFor: '198.51.100.9', trustedProxyHops: 1 })).toBe('198.51.100.9');
  });
});

describe('normalizeAddress', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and strips ports', () => {
    expect(normalizeAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('203.0.113.5:51234')).toBe('203.0.113.5');
    expect(normalizeAddress('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
  });

  it('groups IPv6 addresses by their /64, so one subscriber cannot rotate through its block', () => {
    expect(normalizeAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('refuses what is not an address, including lenient IPv4 spellings', () => {
    for (const text of ['', 'unknown', '1.2.3', '0x7f.1', '999.1.1.1', 'example.com', '<script>']) expect(normalizeAddress(text)).toBeUndefined();
  });
});
