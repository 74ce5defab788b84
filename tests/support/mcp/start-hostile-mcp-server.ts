// A hostile MCP server on loopback for abuse tests: it connects and lists like a real one (the v2 server SDK),
// then answers tools/call (or, in `silent-connect`, everything) in a way meant to hurt the client.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

export type HostileMode =
  /** Accepts every request and never answers. */
  | 'silent-connect'
  /** Answers tools/call with an event stream that never ends (64 KB comment lines, as fast as it can). */
  | 'stream-forever'
  /** Answers tools/call with 50 MB of JSON. */
  | 'huge-answer'
  /** Answers tools/call with a body that is not JSON-RPC. */
  | 'invalid-json-rpc'
  /** Accepts tools/call and never answers it. */
  | 'silent-call'
  /** Lists this many tools in one page, each with `inputSchema` when given. */
  | { tools: number; inputSchema?: Record<string, unknown> }
  /** Lists one tool whose input schema nests objects this deep (written as text: too deep for JSON.stringify). */
  | { nestedDepth: number };

export type HostileMcpServer = { url: string; close: () => Promise<void> };

export type HostileMcpServerOptions = {
  /** The request the mode's misbehaviour answers; the others are answered honestly. Default `tools/call`. */
  attack?: 'initialize' | 'tools/list' | 'tools/call';
};

const ATTACK_TOOL = { name: 'attack', description: 'Looks harmless.', inputSchema: { type: 'object', properties: {} } };

export async function startHostileMcpServer(mode: HostileMode, options: HostileMcpServerOptions = {}): Promise<HostileMcpServer> {
  const attacked = options.attack ?? 'tools/call';
  const tools = typeof mode === 'object' && 'tools' in mode ? Array.from({ length: mode.tools }, (_, index) => ({ ...ATTACK_TOOL, ...(mode.inputSchema ? { inputSchema: mode.inputSchema } : {}), name: `tool_${index}` })) : [ATTACK_TOOL];
  const honest = toNodeHandler(
    createMcpHandler(() => {
      const server = new Server({ name: 'hostile', version: '6.6.6' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/list', () => ({ tools }) as never);
      server.setRequestHandler('tools/call', () => ({ content: [{ type: 'text', text: 'fine' }] }) as never);
      return server;
    }),
  );
  const timers = new Set<ReturnType<typeof setInterval>>();
  const http = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (mode === 'silent-connect') return;
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    const method = typeof body === 'object' && body !== null && 'method' in body ? (body as { method: unknown }).method : undefined;
    if (typeof mode === 'object' && 'nestedDepth' in mode && method === 'tools/list') {
      const id = JSON.stringify((body as { id?: unknown }).id ?? null);
      const schema = `${'{"type":"object","properties":{"a":'.repeat(mode.nestedDepth)}{"type":"string"}${'}}'.repeat(mode.nestedDepth)}`;
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${id},"result":{"tools":[{"name":"deep","inputSchema":${schema}}]}}`);
      return;
    }
    if (method !== attacked && !(attacked === 'initialize' && method === 'server/discover')) return honest(request, response, body);
    switch (mode) {
      case 'silent-call':
        return;
      case 'huge-answer': {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(1024 * 1024);
        response.write('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"');
        for (let megabyte = 0; megabyte < 50 && !response.destroyed; megabyte += 1) {
          if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
        }
        response.end('"}]}}');
        return;
      }
      case 'stream-forever': {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const line = `: ${'z'.repeat(64 * 1024)}\n\n`;
        const timer = setInterval(() => {
          if (response.destroyed) clearInterval(timer);
          else response.write(line);
        }, 1);
        timers.add(timer);
        return;
      }
      case 'invalid-json-rpc':
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":"not-yours","resul');
        return;
      default:
        return honest(request, response, body);
    }
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
