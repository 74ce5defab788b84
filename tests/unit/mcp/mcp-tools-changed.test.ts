import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinishedTurn } from '@/lib/contract';
import { runTurnOnTape } from '@/lib/server/replay';
import { reduceRuntimeEvents, type RuntimeEvent } from '@/lib/runtime';
import { startMcpTestServer, type McpTestServer } from '../../support/mcp/start-mcp-test-server';
import type { McpTestServerEra } from '../../support/mcp/start-mcp-test-server';
import type { McpTestTool } from '../../support/mcp/mcp-test-tool';
import { recordTurn } from '../../support/mcp/record-turn';

const object = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties, additionalProperties: false });

/** `install` swaps `legacy_search` for `search` and rewords `status`, then says its tools changed. */
function pluginTools(server: () => McpTestServer): McpTestTool[] {
  const status: McpTestTool = { name: 'status', description: 'Plugin status.', inputSchema: object(), run: () => ({ content: [{ type: 'text', text: 'ok' }] }) };
  const after: McpTestTool[] = [
    { ...status, description: 'Plugin status, with the installed plugins.' },
    { name: 'search', description: 'Searches the catalog.', inputSchema: object({ query: { type: 'string' } }), run: (args) => ({ content: [{ type: 'text', text: `found ${String(args.query)}` }] }) },
  ];
  return [
    {
      name: 'install',
      description: 'Installs the search plugin.',
      inputSchema: object(),
      run: async (_args, context) => {
        server().setTools([...pluginTools(server).slice(0, 1), ...after]);
        await context.toolsChanged();
        return { content: [{ type: 'text', text: 'installed' }] };
      },
    },
    status,
    { name: 'legacy_search', description: 'The old search.', inputSchema: object({ query: { type: 'string' } }) },
  ];
}

function runPluginTurn(url: string): Promise<FinishedTurn> {
  return recordTurn({
    request: {
      source: 'export default [];',
      messages: [{ role: 'user', content: 'Install the plugin, then search for lamps' }],
      model: {
        provider: 'scripted',
        script: [{ calls: [{ namespace: 'shop', name: 'install', arguments: '{}' }] }, { calls: [{ namespace: 'shop', name: 'search', arguments: '{"query":"lamps"}' }] }, { text: 'Found lamps.' }],
      },
      mcpServers: [{ name: 'shop', url }],
    },
    clientId: 'mcp-tools-changed-test',
  });
}

const sequenceOf = (events: readonly RuntimeEvent[]) =>
  events.flatMap((event) => {
    if (event.type === 'tools-changed') return [`tools-changed ${event.server} +${event.added.join(',')} -${event.removed.join(',')} ~${event.changed.join(',')}`];
    if (event.type === 'model-request') return [`request ${event.iteration}: ${event.offeredTools.join(',')}`];
    if (event.type === 'tool-output') return [`output ${event.name} ${event.status}: ${event.output}`];
    return [];
  });

describe.each<McpTestServerEra>(['modern', 'legacy'])('a server whose tools change during a turn (%s)', (era) => {
  let server: McpTestServer;
  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era, tools: pluginTools(() => server) });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('is listed again, offers the new tools from the next request, records the listing and replays it without the server', { timeout: 60_000 }, async () => {
    const turn = await runPluginTurn(server.url);
    expect(sequenceOf(turn.events)).toEqual([
      'request 1: shop.install,shop.status,shop.legacy_search',
      'output shop.install success: installed',
      'tools-changed shop +shop.search -shop.legacy_search ~shop.status',
      'request 2: shop.install,shop.status,shop.search',
      'output shop.search success: found lamps',
      'request 3: shop.install,shop.status,shop.search',
    ]);
    const changed = turn.events.find((event) => event.type === 'tools-changed');
    expect(changed).toMatchObject({ iteration: 2 });
    expect(turn.mcp?.relists).toEqual([{ server: 'shop', iteration: 2, tools: [expect.objectContaining({ name: 'install' }), expect.objectContaining({ name: 'status' }), expect.objectContaining({ name: 'search' })] }]);
    const timeline = reduceRuntimeEvents(turn.events);
    expect(timeline.iterations[1]?.request?.newlyOffered).toEqual([]);
    expect(timeline.iterations[1]?.toolChanges).toEqual([{ at: expect.any(Number), server: 'shop', added: ['shop.search'], removed: ['shop.legacy_search'], changed: ['shop.status'] }]);

    const contacted = server.methods.length;
    const replayed = await runTurnOnTape({ request: turn.request as never, tape: turn.tape, mcp: turn.mcp, approvals: turn.approvals, outputs: turn.outputs });
    if (!replayed.ok) throw new Error(replayed.error);
    expect(sequenceOf(replayed.value)).toEqual(sequenceOf(turn.events));
    expect(replayed.value.map((event) => event.type)).toEqual(turn.events.map((event) => event.type));
    expect(server.methods.length).toBe(contacted);
  });
});
