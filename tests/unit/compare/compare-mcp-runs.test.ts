import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareRuns, type RunComparison } from '@/lib/compare';
import type { RuntimeEvent } from '@/lib/runtime';
import type { TurnRequest } from '@/lib/contract';
import { startMcpTestServer, type McpTestServer } from '../../support/mcp/start-mcp-test-server';
import type { McpTestTool } from '../../support/mcp/mcp-test-tool';
import { recordTurn } from '../../support/mcp/record-turn';

/** The same two tools as a server's and as a module's, in the namespace `shop`: a read-only lookup that reports progress, and a write. */
const SERVER_TOOLS: McpTestTool[] = [
  {
    name: 'lookup',
    description: 'Looks a product up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
    annotations: { readOnlyHint: true },
    run: async (args, context) => {
      await context.progress(1, 2, `searching ${String(args.q)}`);
      return { content: [{ type: 'text', text: `${String(args.q)}: 3 found` }] };
    },
  },
  {
    name: 'order',
    description: 'Orders a product.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
    run: (args) => ({ content: [{ type: 'text', text: `ordered ${String(args.q)}` }], ...(args.q === 'desks' ? { isError: true } : {}) }),
  },
];

const MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'lookup', namespace: 'shop', description: 'Looks a product up.', schema: z.object({ q: z.string() }), isReadOnly: true,
    execute: (args, ctx) => { ctx.log('info', 'progress 1/2: searching ' + args.q); return args.q + ': 3 found'; },
  }),
  defineTool({
    name: 'order', namespace: 'shop', description: 'Orders a product.', schema: z.object({ q: z.string() }),
    execute: (args) => { if (args.q === 'desks') throw new Error('ordered desks'); return 'ordered ' + args.q; },
  }),
];
`;

function script(lookups: string[], ordered: string) {
  return {
    provider: 'scripted' as const,
    script: [{ calls: [...lookups.map((q) => ({ namespace: 'shop', name: 'lookup', arguments: JSON.stringify({ q }) })), { namespace: 'shop', name: 'order', arguments: JSON.stringify({ q: ordered }) }] }, { text: 'Done.' }],
  };
}

async function record(source: { mcp: string } | 'module', lookups: string[], ordered: string): Promise<RuntimeEvent[][]> {
  const request: TurnRequest = {
    source: source === 'module' ? MODULE : 'export default [];',
    messages: [{ role: 'user', content: 'Find and order' }],
    model: script(lookups, ordered),
    ...(source === 'module' ? {} : { mcpServers: [{ name: 'shop', url: source.mcp }] }),
  } as TurnRequest;
  return [(await recordTurn({ request, clientId: 'compare-mcp-test' })).events];
}

/** What a person reads of a comparison: each call row, its differences, and the first divergence. */
function readComparison(comparison: RunComparison) {
  return {
    rows: comparison.turns[0]?.iterations.map((iteration) => iteration.calls.map((call) => `${call.kind} ${call.name}${call.kind === 'matched' ? ` [${call.differences.map((difference) => difference.field).join(',')}]` : ''}`)),
    first: comparison.firstDivergence?.sentence ?? null,
  };
}

describe('Compare with MCP server calls', () => {
  let server: McpTestServer;
  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era: 'modern', tools: SERVER_TOOLS });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('lines server calls up like module calls: the same rows, the same differences, the same first divergence', { timeout: 90_000 }, async () => {
    const mcp = { mcp: server.url };
    const [serverA, serverSame, serverB, moduleA, moduleB] = [
      await record(mcp, ['lamps'], 'lamps'),
      await record(mcp, ['lamps'], 'lamps'),
      await record(mcp, ['chairs', 'lamps'], 'desks'),
      await record('module', ['lamps'], 'lamps'),
      await record('module', ['chairs', 'lamps'], 'desks'),
    ];
    expect(compareRuns(serverA, serverSame).firstDivergence).toBeNull();
    const servers = readComparison(compareRuns(serverA, serverB));
    expect(servers).toEqual({
      rows: [['matched shop.lookup [arguments,output,logs]', 'inserted shop.lookup', 'matched shop.order [arguments,status,output]'], []],
      first: 'Turn 1, iteration 1: call 1 `shop.lookup` arguments differ at q: "lamps" → "chairs"',
    });
    expect(readComparison(compareRuns(moduleA, moduleB))).toEqual(servers);
    // A server's progress lines are the call's log, compared like a module tool's.
    const progress = compareRuns(serverA, [serverA[0]!.map((event) => (event.type === 'tool-call-log' ? { ...event, message: 'progress 1/2: searching elsewhere' } : event))]);
    expect(readComparison(progress).rows?.[0]).toEqual(['matched shop.lookup [logs]', 'matched shop.order []']);
  });
});
