import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '@/lib/server/http/server-limits';
import { probeHealth, sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';
import { waitForState } from './support/wait-for-state';

/**
 * Connections past the caps against the real `server.mjs`: past 64 from one address, and past the
 * overall cap (`PLAYGROUND_MAX_CONNECTIONS`, lowered here so a test can reach it), new connections
 * are closed at once while the held ones keep being served and another address still gets answers.
 */
const MAX_CONNECTIONS = 200;
const { baseURL } = useAbuseServer({ env: { PLAYGROUND_MAX_CONNECTIONS: String(MAX_CONNECTIONS) } });

const PER_ADDRESS = SERVER_LIMITS.maxConnectionsPerAddress;
const STATE_TIMEOUT_MS = 15_000;

/** A raw TCP connection from `localAddress`, with whether the server has closed it. */
type HeldSocket = { socket: Socket; localAddress: string; closed: boolean; connected: boolean };

const held: HeldSocket[] = [];

afterEach(async () => {
  await Promise.all(held.map((entry) => closeSocket(entry)));
  held.length = 0;
});

function closeSocket(entry: HeldSocket): Promise<void> {
  if (entry.closed) return Promise.resolve();
  return new Promise((resolve) => {
    entry.socket.once('close', () => resolve());
    entry.socket.destroy();
  });
}

function openSockets(localAddress: string, count: number): HeldSocket[] {
  const { port } = new URL(baseURL());
  const opened = Array.from({ length: count }, () => {
    const entry: HeldSocket = { socket: connect({ host: '127.0.0.1', port: Number(port), localAddress }), localAddress, closed: false, connected: false };
    entry.socket.on('connect', () => {
      entry.connected = true;
    });
    // A reset is one way the server closes a connection past the cap.
    entry.socket.on('error', () => undefined);
    entry.socket.on('close', () => {
      entry.closed = true;
    });
    return entry;
  });
  held.push(...opened);
  return opened;
}

function describeSockets(sockets: readonly HeldSocket[]): string {
  return `${sockets.filter((entry) => entry.connected).length} connected, ${sockets.filter((entry) => entry.closed).length} closed of ${sockets.length}`;
}

/** Sends `GET /api/health` on a held raw connection and resolves with its status line. */
function askHealth(entry: HeldSocket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) finish(text.slice(0, text.indexOf('\r\n')));
    };
    const onClose = () => finish(`closed: ${text.slice(0, 80)}`);
    const timer = setTimeout(() => finish('no answer'), STATE_TIMEOUT_MS);
    function finish(line: string) {
      clearTimeout(timer);
      entry.socket.off('data', onData).off('close', onClose);
      resolve(line);
    }
    entry.socket.on('data', onData).once('close', onClose);
    entry.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('connections past the caps', () => {
  it('closes connections past 64 from one address at once, serves the 64 it keeps, and answers another address within a second', async () => {
    const attack = (async () => {
      const sockets = openSockets('127.0.0.2', PER_ADDRESS + 16);
      await waitForState(
        () => sockets.every((entry) => entry.connected || entry.closed) && sockets.filter((entry) => entry.closed).length >= 16,
        () => `16 connections past the cap closed (${describeSockets(sockets)})`,
        { timeoutMs: STATE_TIMEOUT_MS },
      );
      // The ones kept are served: each answers a request of its own.
      const open = sockets.filter((entry) => !entry.closed);
      const answers = await Promise.all(open.map((entry) => askHealth(entry)));
      return { sockets, answers };
    })();
    const [latency, { sockets, answers }] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    expect(sockets.filter((entry) => entry.closed).length, describeSockets(sockets)).toBe(16);
    expect(answers.length).toBe(PER_ADDRESS);
    expect(answers.filter((line) => line !== 'HTTP/1.1 200 OK'), answers.join('\n')).toEqual([]);
    expectResponsive(latency, `${PER_ADDRESS + 16} connections from one address`);
    // A fresh connection from the same address, past the cap, is closed at once too.
    const [late] = openSockets('127.0.0.2', 1);
    await waitForState(() => late!.closed, () => 'the connection past the cap closed', { timeoutMs: STATE_TIMEOUT_MS });
  });

  it('closes connections past the overall cap across addresses, and serves again once they are gone', async () => {
    const addresses = ['127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7'];
    const sockets = addresses.flatMap((address) => openSockets(address, PER_ADDRESS));
    await waitForState(
      () => sockets.every((entry) => entry.connected || entry.closed) && sockets.filter((entry) => !entry.closed).length <= MAX_CONNECTIONS,
      () => `connections past the overall cap of ${MAX_CONNECTIONS} closed (${describeSockets(sockets)})`,
      { timeoutMs: STATE_TIMEOUT_MS },
    );
    const kept = sockets.filter((entry) => !entry.closed);
    expect(kept.length, describeSockets(sockets)).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(sockets.length - kept.length, describeSockets(sockets)).toBeGreaterThanOrEqual(sockets.length - MAX_CONNECTIONS);
    // The server frees its sockets as the attacker's close, and answers at once again.
    await Promise.all(held.map((entry) => closeSocket(entry)));
    held.length = 0;
    const probe = await retryUntilHealthy();
    expect(probe.ok, 'GET /api/health once the connections were closed').toBe(true);
    await expectServerStillServes(baseURL());
  });
});

/** Health once the server noticed the closed connections (their closing reaches it within moments). */
async function retryUntilHealthy(): Promise<{ ok: boolean }> {
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  for (;;) {
    const probe = await probeHealth(baseURL());
    if (probe.ok || Date.now() > deadline) return probe;
  }
}
