import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinishedTurn } from '@/lib/contract';
import { runTurnOnTape } from '@/lib/server/replay';
import { sessionTurnSchema } from '@/lib/sessions/record/session-record';
import type { RuntimeEvent } from '@/lib/runtime';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { replayStoredSession } from '@/lib/replay/server/replay-stored-session';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';
import { formatMcpCurl, pairMcpExchanges } from '@/lib/client/exchanges';
import { openTestStore, TEST_CHECKER } from '../sessions/session-fixtures';
import { startMcpTestServer, type McpTestServer } from '../../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../../support/mcp/mcp-test-tool';
import { recordTurn } from '../../support/mcp/record-turn';

const TOKEN = 'Bearer tape-secret-0123456789';

function runTurn(url: string): Promise<FinishedTurn> {
  return recordTurn({
    request: {
      source: 'export default [];',
      messages: [{ role: 'user', content: 'Weather in Oslo, then delete a.txt' }],
      model: {
        provider: 'scripted',
        script: [{ calls: [{ namespace: 'files', name: 'get_weather', arguments: '{"city":"Oslo"}' }, { namespace: 'files', name: 'fail', arguments: '{}' }] }, { text: 'Done.' }],
      },
      mcpServers: [{ name: 'files', url, headers: { Authorization: TOKEN } }],
    },
    clientId: 'mcp-tape-test',
  });
}

const outputsOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-output' ? [{ name: event.name, status: event.status, output: event.output }] : []));

describe('a turn with an MCP server, recorded and replayed', () => {
  let server: McpTestServer;
  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, requiredHeaders: { authorization: TOKEN } });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('keeps the servers, calls and JSON-RPC messages without headers, and replays identically after the server is gone', { timeout: 60_000 }, async () => {
    const turn = await runTurn(server.url);
    expect(outputsOf(turn.events)).toEqual([
      { name: 'files.get_weather', status: 'success', output: '{"city":"Oslo","celsius":21}' },
      { name: 'files.fail', status: 'error', output: expect.stringContaining('the disk is full') },
    ]);
    const assembled = turn.events.find((event) => event.type === 'tools-assembled');
    expect(assembled?.type === 'tools-assembled' && assembled.tools.map(({ qualifiedName, source, server }) => ({ qualifiedName, source, server }))).toEqual([
      { qualifiedName: 'files.get_weather', source: 'mcp', server: 'files' },
      { qualifiedName: 'files.delete_file', source: 'mcp', server: 'files' },
      { qualifiedName: 'files.fail', source: 'mcp', server: 'files' },
    ]);
    expect(turn.mcp?.servers).toMatchObject([{ name: 'files', info: { protocolVersion: '2026-07-28', transport: 'streamable-http' }, tools: [{ name: 'get_weather' }, { name: 'delete_file' }, { name: 'fail' }] }]);
    expect(turn.mcp?.calls.map((call) => call.tool)).toEqual(['get_weather', 'fail']);
    const sentMethods = turn.mcp?.messages.filter((entry) => entry.direction === 'sent').map((entry) => (entry.message as { method?: string }).method);
    expect(sentMethods).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
    expect(turn.request.mcpServers).toEqual([{ name: 'files', url: server.url }]);
    expect(JSON.stringify(turn)).not.toContain('tape-secret');
    expect(sessionTurnSchema.safeParse({ ...turn, request: { ...turn.request, toolSearch: turn.request.toolSearch ?? 'v1' } }).success).toBe(true);

    await server.close();
    const callsBefore = server.methods.length;
    const replayed = await runTurnOnTape({ request: turn.request as never, tape: turn.tape, mcp: turn.mcp, approvals: turn.approvals, outputs: turn.outputs });
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.value.map((event) => event.type)).toEqual(turn.events.map((event) => event.type));
    expect(outputsOf(replayed.value)).toEqual(outputsOf(turn.events));
    expect(server.methods.length).toBe(callsBefore);
  });

  it('keeps the MCP side when the turn is stored for sharing, so a shared session replays identically after the server is gone', { timeout: 60_000 }, async () => {
    const other = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, requiredHeaders: { authorization: TOKEN } });
    const turn = await runTurn(other.url);
    await other.close();
    const { store } = await openTestStore(() => createPgliteClient());
    try {
      await saveFinishedTurn(turn, { store, checker: TEST_CHECKER });
      expect((await store.getTurn(turn.turnId))?.mcp).toEqual(turn.mcp);
      const shared = await createSharedSession(
        { playground: { source: 'export default [];', message: '', model: { provider: 'scripted', script: [] }, permissions: { mode: 'auto' }, mode: 'chat' }, turnIds: [turn.turnId] },
        { store, checker: TEST_CHECKER },
      );
      if (!shared.ok) throw new Error(shared.error.message);
      const report = await replayStoredSession(shared.value.id, { store, runTurnOnTape: (taped) => runTurnOnTape(taped), openReplay: createPooledReplayOpener(getSandboxPool()) });
      expect(report).toMatchObject({ ok: true, value: { identical: true, differences: [] } });
    } finally {
      await store.close();
    }
  });

  it("shows every JSON-RPC exchange, and Copy as curl resends a call with the header's value redacted", { timeout: 60_000 }, async () => {
    const other = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, requiredHeaders: { authorization: TOKEN } });
    try {
      const turn = await runTurn(other.url);
      const exchanges = pairMcpExchanges(turn.mcp?.messages ?? []);
      const calls = exchanges.filter((exchange) => exchange.method === 'tools/call');
      expect(calls.map((exchange) => [exchange.direction, (exchange.request as { params: { name: string } }).params.name, exchange.response !== undefined])).toEqual([
        ['sent', 'get_weather', true],
        ['sent', 'fail', true],
      ]);
      expect(exchanges.map((exchange) => exchange.method)).toEqual(expect.arrayContaining(['tools/list']));
      const recorded = turn.mcp?.servers.find((server) => server.name === 'files');
      expect(recorded).toMatchObject({ url: other.url, headers: { Authorization: 'Bearer <redacted>' } });
      const curl = formatMcpCurl(calls[0]!, recorded);
      expect(curl).toContain("-H 'Authorization: Bearer <redacted>'");
      expect(curl).not.toContain('tape-secret');
      // With the value filled in, the command is the call again: the server answers it the same way.
      const { stdout } = await promisify(execFile)('bash', ['-c', curl!.replace('Bearer <redacted>', TOKEN)], { timeout: 20_000 });
      expect(stdout).toContain('{\\"city\\":\\"Oslo\\",\\"celsius\\":21}');
    } finally {
      await other.close();
    }
  });
});
