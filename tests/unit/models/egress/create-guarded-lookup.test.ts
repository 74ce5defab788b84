import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createGuardedLookup } from '@/lib/models/egress/create-guarded-lookup';
import { findEgressRefusal } from '@/lib/models/egress/egress-refusal';

type LookupOutcome = { error: Error | null; address: string | LookupAddress[]; family?: number };

function lookUp(addresses: readonly LookupAddress[], hostname: string, all: boolean): Promise<LookupOutcome> {
  const resolved: string[] = [];
  const lookup = createGuardedLookup(async (name) => {
    resolved.push(name);
    return addresses;
  });
  return new Promise((resolve) => lookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })));
}

describe('createGuardedLookup', () => {
  const publicV4 = { address: '93.184.216.34', family: 4 };
  const publicV6 = { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 };

  it('hands public addresses to the socket in the form asked for', async () => {
    expect(await lookUp([publicV4, publicV6], 'example.com', true)).toEqual({ error: null, address: [publicV4, publicV6], family: undefined });
    expect(await lookUp([publicV6, publicV4], 'example.com', false)).toEqual({ error: null, address: publicV6.address, family: 6 });
  });

  it('refuses a name when any one of its addresses is private (DNS rebinding)', async () => {
    const outcome = await lookUp([publicV4, { address: '10.0.0.7', family: 4 }], 'rebind.example', true);
    expect(findEgressRefusal(outcome.error)).toEqual({ code: 'private-address', hostname: 'rebind.example', address: '10.0.0.7', description: 'a private address', addressCount: 2 });
  });

  it('refuses metadata host names without resolving them', async () => {
    const resolved: string[] = [];
    const lookup = createGuardedLookup(async (name) => {
      resolved.push(name);
      return [publicV4];
    });
    const error = await new Promise<Error | null>((resolve) => lookup('metadata.google.internal', { all: true }, (failure) => resolve(failure)));
    expect(findEgressRefusal(error)).toEqual({ code: 'metadata-host', hostname: 'metadata.google.internal' });
    expect(resolved).toEqual([]);
  });
});
