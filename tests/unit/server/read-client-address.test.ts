import { describe, expect, it } from 'vitest';
import { parseTrustedProxyHops, readClientAddress, readClientAddressSettings } from '@/lib/server/http/read-client-address';

const PEER = 'x-playground-peer-address';

function requestWith(headers: Record<string, string>): Request {
  return new Request('http://localhost/api/turns', { method: 'POST', headers });
}

describe('readClientAddress', () => {
  it('falls back to one shared key when nothing stamped a peer address (route handlers called directly)', () => {
    expect(readClientAddress(new Request('http://localhost/api/turns'))).toBe('unknown');
  });

  it('ignores a peer header the server did not register: under next dev it is the client’s own', () => {
    const settings = { peerAddressHeader: undefined, trustedProxyHops: 0 };
    expect(readClientAddress(requestWith({ [PEER]: '203.0.113.9' }), settings)).toBe('unknown');
  });

  it('reads the stamped peer header when the server registered it', () => {
    const settings = { peerAddressHeader: PEER, trustedProxyHops: 0 };
    expect(readClientAddress(requestWith({ [PEER]: '::ffff:192.0.2.1' }), settings)).toBe('192.0.2.1');
  });

  it('gives a spoofed X-Playground-Client or X-Forwarded-For no key of its own', () => {
    const settings = { peerAddressHeader: PEER, trustedProxyHops: 0 };
    const keys = new Set(
      Array.from({ length: 5 }, (_, index) =>
        readClientAddress(requestWith({ [PEER]: '192.0.2.1', 'x-playground-client': `client-${index}`, 'x-forwarded-for': `203.0.113.${index}` }), settings),
      ),
    );
    expect([...keys]).toEqual(['192.0.2.1']);
  });

  it('reads X-Forwarded-For only when a proxy is trusted', () => {
    const request = requestWith({ [PEER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 198.51.100.9' });
    expect(readClientAddress(request, { peerAddressHeader: PEER, trustedProxyHops: 0 })).toBe('10.0.0.2');
    expect(readClientAddress(request, { peerAddressHeader: PEER, trustedProxyHops: 1 })).toBe('198.51.100.9');
  });
});

describe('readClientAddressSettings', () => {
  it('trusts no proxy unless PLAYGROUND_TRUST_PROXY is a hop count', () => {
    expect(readClientAddressSettings({}).trustedProxyHops).toBe(0);
    expect(readClientAddressSettings({ PLAYGROUND_TRUST_PROXY: '1' }).trustedProxyHops).toBe(1);
    expect(readClientAddressSettings({ PLAYGROUND_TRUST_PROXY: 'true' }).trustedProxyHops).toBe(0);
  });

  it('has no peer header outside server.mjs', () => {
    expect(readClientAddressSettings({}).peerAddressHeader).toBeUndefined();
  });
});

describe('parseTrustedProxyHops', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['true', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['10.0.0.0/8', undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustedProxyHops(value)).toBe(expected);
  });
});
