import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listDevOrigins } from '@/lib/server/policy/list-dev-origins';

const address = (entry: Pick<NetworkInterfaceInfo, 'address' | 'family' | 'internal'>): NetworkInterfaceInfo =>
  ({ netmask: '', mac: '00:00:00:00:00:00', cidr: null, ...entry, ...(entry.family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo;

describe('listDevOrigins', () => {
  it('allows the loopback addresses and every interface address, IPv6 as URLs write them', () => {
    const origins = listDevOrigins({
      lo: [address({ address: '127.0.0.1', family: 'IPv4', internal: true }), address({ address: '::1', family: 'IPv6', internal: true })],
      eth0: [address({ address: '192.168.1.20', family: 'IPv4', internal: false }), address({ address: 'fe80::1', family: 'IPv6', internal: false })],
      down: undefined,
    });
    expect(origins).toEqual(['127.0.0.1', '[::1]', '192.168.1.20', '[fe80::1]']);
  });

  it('allows the loopback addresses on a machine without interfaces', () => {
    expect(listDevOrigins({})).toEqual(['127.0.0.1', '[::1]']);
  });
});
