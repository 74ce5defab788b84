import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileMcpServer, type HostileMcpServer, type HostileMode } from '../support/mcp/start-hostile-mcp-server';
import { startMcpTestServer, type McpTestServer } from '../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../support/mcp/mcp-test-tool';
import { describeRun, eventsOf, runTurn, toolOutputs, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { type AbuseServer } from '../../harness/start-server';
import { startWarmServer } from '../../harness/start-warm-server';

/**
 * MCP servers: the app runs WITHOUT PLAYGROUND_ALLOW_PRIVATE_NETWORK, so a visitor's loopback URL is
 * refused; the hostile servers are reached as the operator's (mcp.json), which may be on its network.
 * Each attack is bounded by the call's deadline or a size bound; the HTTP thread keeps answering.
 */
const HOSTILE: Record<string, HostileMode> = {
  silent: 'silent-connect',
  forever: 'stream-forever',
  huge: 'huge-answer',
  garbled: 'invalid-json-rpc',
  hanging: 'silent-call',
  crowded: { tools: 10_000 },
};

let app: AbuseServer | undefined;
let honest: McpTestServer | undefined;
let configDirectory: string | undefined;
const hostiles: HostileMcpServer[] = [];

beforeAll(async () => {
  honest = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS });
  const servers: Record<string, { url: string }> = {};
  for (const [name, mode] of Object.entries(HOSTILE)) {
    const hostile = await startHostileMcpServer(mode);
    hostiles.push(hostile);
    servers[name] = { url: hostile.url };
  }
  configDirectory = await mkdtemp(path.join(tmpdir(), 'trp-mcp-'));
  const config = path.join(configDirectory, 'mcp.json');
  await writeFile(config, JSON.stringify({ mcpServers: servers }));
  app = await startWarmServer({ env: { PLAYGROUND_MCP_CONFIG: config } });
});

afterAll(async () => {
  await Promise.all([app?.stop(), honest?.close(), ...hostiles.map((hostile) => hostile.close())]);
  if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
});

function baseURL(): string {
  if (!app) throw new Error('the server did not start');
  return app.baseURL;
}

async function listTools(body: unknown): Promise<{ status: number; error: string }> {
  const response = await fetch(`${baseURL()}/api/mcp/tools`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  const answer = (await response.json()) as { error?: string };
  return { status: response.status, error: answer.error ?? '' };
}

type Attacked = { run: Awaited<ReturnType<typeof runTurn>>; output: ReturnType<typeof toolOutputs>[number] | undefined };

function callTurn(server: string, tool = 'attack') {
  return runTurn(
    baseURL(),
    { source: 'export default [];', messages: [{ role: 'user', content: 'Go.' }], model: { provider: 'scripted', script: [{ calls: [{ namespace: server, name: tool, arguments: '{}' }] }, { text: 'Done.' }] }, mcpServers: [{ name: server }] },
    { timeoutMs: 90_000 },
  );
}

describe('a visitor URL', () => {
  it('on loopback, a private address or a metadata host is refused before anything is sent', async () => {
    const loopback = await listTools({ url: honest!.url });
    expect(loopback.status).toBe(403);
    expect(loopback.error).toMatch(/PLAYGROUND_ALLOW_PRIVATE_NETWORK=1/);
    expect((await listTools({ url: 'http://10.0.0.7/mcp' })).status).toBe(403);
    expect((await listTools({ url: 'http://169.254.169.254/latest' })).status).toBe(403);
    expect(honest!.methods).toEqual([]);
    const turn = await runTurn(baseURL(), { source: 'export default [];', messages: [{ role: 'user', content: 'Go.' }], model: { provider: 'scripted', script: [{ text: 'Hi.' }] }, mcpServers: [{ name: 'files', url: honest!.url }] });
    expect(eventsOf(turn, 'sandbox-error')[0], describeRun(turn)).toMatchObject({ code: 'mcp-server-unavailable', message: expect.stringMatching(/PLAYGROUND_ALLOW_PRIVATE_NETWORK=1/) });
    expect(honest!.methods).toEqual([]);
  });

  it('can never name a process: only http(s) URLs, and names only the operator configured', async () => {
    expect((await listTools({ url: 'file:///bin/sh' })).status).toBe(400);
    expect((await listTools({ command: 'sh', args: ['-c', 'id'] })).status).toBe(400);
    const unknown = await listTools({ name: 'shell' });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toContain('silent');
  });
});

describe('a hostile operator server', () => {
  it('that never answers, or lists 10,000 tools, is a clear 4xx while the HTTP thread keeps answering', async () => {
    const attacks = Promise.all([listTools({ name: 'silent' }), listTools({ name: 'crowded' })]);
    const latency = await sampleLatency(baseURL(), attacks);
    const [silent, crowded] = await attacks;
    expect(silent.status).toBe(422);
    expect(silent.error).toMatch(/did not answer in time/);
    expect(crowded.status).toBe(422);
    expect(crowded.error).toMatch(/more than 1000 tools/);
    expectResponsive(latency, 'silent and crowded MCP servers');
  });

  it('whose calls stream forever, answer 50 MB, send invalid JSON-RPC or hang ends each call with a model-visible error', async () => {
    const attacks = Promise.all(['forever', 'huge', 'garbled', 'hanging'].map((server) => callTurn(server)));
    const latency = await sampleLatency(baseURL(), attacks);
    const [forever, huge, garbled, hanging] = (await attacks).map((run) => ({ run, output: toolOutputs(run)[0] })) as [Attacked, Attacked, Attacked, Attacked];
    for (const { run } of [forever, huge, garbled, hanging]) expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
    expect(forever.output, describeRun(forever.run)).toMatchObject({ status: 'error', output: expect.stringMatching(/more than 10 MB/) });
    expect(huge.output, describeRun(huge.run)).toMatchObject({ status: 'error', output: expect.stringMatching(/more than 10 MB/) });
    expect(garbled.output?.status, describeRun(garbled.run)).toMatch(/error|timeout/);
    expect(hanging.output, describeRun(hanging.run)).toMatchObject({ status: 'timeout' });
    expectResponsive(latency, 'hostile MCP calls');
    await expectServerStillServes(baseURL());
  });
});
