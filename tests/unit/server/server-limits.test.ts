import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerLimits, readServerLimitOptions, SERVER_LIMITS } from '@/lib/server/http/server-limits';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Connects from `localAddress` and resolves once the server kept the connection (true) or closed it (false). */
function connectFrom(port: number, localAddress: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    socket.once('close', () => resolve(false));
    socket.once('connect', () => {
      // A refused connection is closed by the server at once; one kept answers a request.
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      socket.once('data', () => resolve(true));
    });
  });
}

describe('server limits', () => {
  it('closes a connection past the per-address cap at once, and counts each address apart', async () => {
    server = createServer((_request, response) => response.end('ok'));
    applyServerLimits(server, { maxConnections: 100, maxConnectionsPerAddress: 2 });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await connectFrom(port, '127.0.0.2')).toBe(true);
    expect(await connectFrom(port, '127.0.0.2')).toBe(true);
    expect(await connectFrom(port, '127.0.0.2')).toBe(false);
    expect(await connectFrom(port, '127.0.0.3')).toBe(true);
    expect([server.headersTimeout, server.requestTimeout, server.maxConnections]).toEqual([SERVER_LIMITS.headersTimeoutMs, SERVER_LIMITS.requestTimeoutMs, 100]);
  });

  it('reads PLAYGROUND_MAX_CONNECTIONS, and caps no address behind a trusted proxy', () => {
    expect(readServerLimitOptions({})).toEqual({ maxConnections: SERVER_LIMITS.maxConnections, maxConnectionsPerAddress: SERVER_LIMITS.maxConnectionsPerAddress });
    expect(readServerLimitOptions({ PLAYGROUND_MAX_CONNECTIONS: '50', PLAYGROUND_TRUST_PROXY: '1' })).toEqual({ maxConnections: 50 });
  });
});
