import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postTurn } from '@/app/api/turns/route';
import { POST as postSession } from '@/app/api/sessions/route';
import { POST as postFork } from '@/app/api/sessions/[id]/fork/route';
import { POST as postReplay } from '@/app/api/sessions/[id]/replay/route';
import type { RuntimeEvent } from '@/lib/runtime';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import { readEventStream } from '../support/read-event-stream';
import { startMcpTestServer, type McpTestServer } from '../../support/mcp/start-mcp-test-server';
import type { McpTestTool } from '../../support/mcp/mcp-test-tool';

const TOKEN = 'Bearer fork-secret-0123456789';
const RECONNECTS = 'A fork continues live, so it connects to the session’s MCP servers again (with the headers of your Sources), and one could not be used:';
const query = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
const SHOP_TOOLS: McpTestTool[] = [
  { name: 'lookup', description: 'Looks a product up.', inputSchema: query, annotations: { readOnlyHint: true }, run: (args) => ({ content: [{ type: 'text', text: `${String(args.q)}: 3 in stock` }] }) },
  { name: 'order', description: 'Orders a product.', inputSchema: query, run: (args) => ({ content: [{ type: 'text', text: `ordered ${String(args.q)}` }] }) },
];

const scripted = (second: string) => ({
  provider: 'scripted' as const,
  script: [{ calls: [{ namespace: 'shop', name: 'lookup', arguments: '{"q":"lamps"}' }] }, { calls: [{ namespace: 'shop', name: 'order', arguments: JSON.stringify({ q: second }) }] }, { text: 'Done.' }],
});
const PLAYGROUND = { source: 'export default [];', message: '', model: scripted('lamps'), permissions: { mode: 'auto' }, mode: 'chat' };

const jsonRequest = (url: string, body: unknown) => new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function share(turnId: string): Promise<string> {
  const shared = await postSession(jsonRequest('/api/sessions', { playground: PLAYGROUND, turnIds: [turnId] }));
  expect(shared.status).toBe(201);
  return ((await shared.json()) as { id: string }).id;
}

const outputsOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-output' ? [`${event.name} ${event.status}: ${event.output}`] : []));

describe('a fork of a session whose tools come from an MCP server', () => {
  let dataDir: string;
  let server: McpTestServer;
  let sessionId: string;
  let lookupCallId: string;

  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-mcp-fork-'));
    vi.stubEnv('PGLITE_DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    server = await startMcpTestServer({ era: 'modern', tools: SHOP_TOOLS, requiredHeaders: { authorization: TOKEN } });
    const response = await postTurn(jsonRequest('/api/turns', { source: 'export default [];', messages: [{ role: 'user', content: 'Order lamps' }], model: scripted('lamps'), mcpServers: [{ name: 'shop', url: server.url, headers: { Authorization: TOKEN } }] }));
    const recorded = await readEventStream(response.body!);
    expect(outputsOf(recorded)).toEqual(['shop.lookup success: lamps: 3 in stock', 'shop.order success: ordered lamps']);
    lookupCallId = recorded.flatMap((event) => (event.type === 'tool-output' && event.name === 'shop.lookup' ? [event.callId] : []))[0]!;
    sessionId = await share(response.headers.get('x-turn-id')!);
  }, 90_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
    await (await getSessionStore()).close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const fork = (tabServers: unknown[]) =>
    postFork(jsonRequest(`/api/sessions/${sessionId}/fork`, { turn: 0, outputs: [{ callId: lookupCallId, output: 'lamps: sold out; desks: 2 in stock' }], model: scripted('desks'), mcpServers: tabServers }), params(sessionId));

  it('sends a header the tab typed only to the address it was typed for', { timeout: 90_000 }, async () => {
    const elsewhere = await readEventStream((await fork([{ name: 'shop', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: TOKEN } }])).body!);
    expect(elsewhere.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    expect(elsewhere[1]).toMatchObject({
      type: 'sandbox-error',
      code: 'mcp-server-unavailable',
      message: `${RECONNECTS} shop: The MCP server at ${server.url} answered HTTP 401 (Unauthorized): it wants credentials. Add the header it expects (e.g. Authorization: Bearer …).`,
    });
  });

  it('reconnects with the tab’s headers and continues live: recorded calls answered from the recording, new ones by the server; the fork replays without it', { timeout: 90_000 }, async () => {
    const callsBefore = server.methods.filter((method) => method === 'tools/call').length;
    const response = await fork([{ name: 'shop', url: server.url, headers: { Authorization: TOKEN } }]);
    expect(response.status).toBe(200);
    const events = await readEventStream(response.body!);
    expect(outputsOf(events)).toEqual(['shop.lookup success: lamps: sold out; desks: 2 in stock', 'shop.order success: ordered desks']);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
    // Only the call the recording did not have reached the server, with the tab's header.
    expect(server.methods.filter((method) => method === 'tools/call').length).toBe(callsBefore + 1);
    expect(JSON.stringify(events)).not.toContain('fork-secret');

    const forkId = await share(response.headers.get('x-turn-id')!);
    await server.close();
    const replay = await postReplay(new Request(`http://localhost/api/sessions/${forkId}/replay`, { method: 'POST' }), params(forkId));
    expect(await replay.json()).toMatchObject({ identical: true, differences: [] });
  });

  it('ends with a clear error naming the server and why when the server is gone', { timeout: 90_000 }, async () => {
    // The server was stopped by the test above.
    const gone = await readEventStream((await fork([{ name: 'shop', url: server.url, headers: { Authorization: TOKEN } }])).body!);
    expect(gone.map((event) => event.type)).toEqual(['turn-start', 'sandbox-error', 'turn-end']);
    const said = `${RECONNECTS} shop: Nothing answered at ${server.url} (ECONNREFUSED).`;
    expect(gone[1]).toMatchObject({ type: 'sandbox-error', code: 'mcp-server-unavailable', message: said });
    expect(gone[2]).toMatchObject({ type: 'turn-end', reason: 'error', error: expect.stringContaining(said) });
  });
});
