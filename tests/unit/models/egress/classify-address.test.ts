import { describe, expect, it } from 'vitest';
import { classifyAddress } from '@/lib/models/egress/classify-address';
import { findHostRefusal } from '@/lib/models/egress/find-host-refusal';
import { isMetadataHost } from '@/lib/models/egress/is-metadata-host';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback', 'a loopback address'],
    ['127.255.255.254', 'loopback', 'a loopback address'],
    ['10.1.2.3', 'private', 'a private address'],
    ['172.16.0.1', 'private', 'a private address'],
    ['172.31.255.255', 'private', 'a private address'],
    ['192.168.1.1', 'private', 'a private address'],
    ['169.254.1.1', 'linkLocal', 'a link-local address'],
    ['169.254.169.254', 'linkLocal', 'the cloud metadata address'],
    ['100.64.0.1', 'carrierGradeNat', 'a carrier-grade NAT (shared) address'],
    ['100.127.255.255', 'carrierGradeNat', 'a carrier-grade NAT (shared) address'],
    ['0.0.0.0', 'unspecified', 'an unspecified address'],
    ['224.0.0.1', 'multicast', 'a multicast address'],
    ['255.255.255.255', 'broadcast', 'a broadcast address'],
    ['240.0.0.1', 'reserved', 'a reserved address'],
    ['192.0.2.10', 'reserved', 'a reserved address'],
    ['::1', 'loopback', 'a loopback address'],
    ['::', 'unspecified', 'an unspecified address'],
    ['fe80::1', 'linkLocal', 'a link-local address'],
    ['febf::1', 'linkLocal', 'a link-local address'],
    ['fc00::1', 'uniqueLocal', 'a unique-local address'],
    ['fd12:3456::1', 'uniqueLocal', 'a unique-local address'],
    ['fd00:ec2::254', 'uniqueLocal', 'the cloud metadata address'],
    ['ff02::1', 'multicast', 'a multicast address'],
    ['::ffff:127.0.0.1', 'loopback', 'a loopback address'],
    ['::ffff:7f00:1', 'loopback', 'a loopback address'],
    ['::ffff:10.0.0.1', 'private', 'a private address'],
    ['::ffff:169.254.169.254', 'linkLocal', 'the cloud metadata address'],
    ['::ffff:100.64.0.1', 'carrierGradeNat', 'a carrier-grade NAT (shared) address'],
    ['::7f00:1', 'ipv4Compatible', 'an IPv4-compatible IPv6 address'],
    ['64:ff9b::a00:1', 'rfc6052', 'a special-purpose address (rfc6052)'],
    ['2002:7f00:1::', '6to4', 'a special-purpose address (6to4)'],
    ['not-an-address', 'invalid', 'not an IP address'],
  ])('refuses %s (%s)', (address, range, description) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, range, description });
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows global unicast %s', (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true, range: 'unicast' });
  });
});

describe('findHostRefusal', () => {
  it('checks IP literals as URL hosts spell them, brackets included', () => {
    expect(findHostRefusal(new URL('http://[::1]:9/v1').hostname)).toMatchObject({ code: 'private-address', address: '::1' });
    expect(findHostRefusal(new URL('http://[::ffff:127.0.0.1]/v1').hostname)).toMatchObject({ code: 'private-address', description: 'a loopback address' });
    // WHATWG URL parsing turns numeric spellings into dotted quads before anything sees them.
    expect(findHostRefusal(new URL('http://2130706433/v1').hostname)).toMatchObject({ code: 'private-address', address: '127.0.0.1' });
    expect(findHostRefusal(new URL('http://0x7f.1/v1').hostname)).toMatchObject({ code: 'private-address', address: '127.0.0.1' });
  });

  it('refuses metadata host names and leaves other names to connect time', () => {
    expect(findHostRefusal('metadata.google.internal')).toEqual({ code: 'metadata-host', hostname: 'metadata.google.internal' });
    expect(isMetadataHost('METADATA.google.internal.')).toBe(true);
    expect(isMetadataHost('metadata.example.com')).toBe(false);
    expect(findHostRefusal('api.openai.com')).toBeUndefined();
    expect(findHostRefusal('8.8.8.8')).toBeUndefined();
  });
});
