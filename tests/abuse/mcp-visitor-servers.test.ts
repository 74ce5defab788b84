import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileMcpServer, type HostileMcpServer, type HostileMcpServerOptions, type HostileMode } from '../support/mcp/start-hostile-mcp-server';
import { describeRun, runTurn, toolOutputs, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { fetchFrom } from './support/fetch-from';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { type AbuseServer } from '../../harness/start-server';
import { startWarmServer } from '../../harness/start-warm-server';

/**
 * Visitors' MCP servers, with the app started WITH PLAYGROUND_ALLOW_PRIVATE_NETWORK=1 so that a
 * loopback server can be reached at all (without it, the URL is refused: see mcp-servers.test.ts).
 * Every attack comes from another address than the health probes; each is bounded by a deadline
 * or a size bound, and every server is closed afterwards.
 */
let app: AbuseServer | undefined;
const hostiles: HostileMcpServer[] = [];

beforeAll(async () => {
  app = await startWarmServer({ env: { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' } });
});

afterAll(async () => {
  await Promise.all([app?.stop(), ...hostiles.map((hostile) => hostile.close())]);
});

function baseURL(): string {
  if (!app) throw new Error('the server did not start');
  return app.baseURL;
}

async function hostile(mode: HostileMode, options?: HostileMcpServerOptions): Promise<string> {
  const server = await startHostileMcpServer(mode, options);
  hostiles.push(server);
  return server.url;
}

type Listed = { status: number; error: string; tools: { qualifiedName: string; strictCheck: string }[] };

/** POST /api/mcp/tools from an attacker's own address. */
async function listTools(from: string, url: string): Promise<Listed> {
  const answer = await fetchFrom(from, `${baseURL()}/api/mcp/tools`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }), timeoutMs: 90_000 });
  const body = JSON.parse(answer.text) as { error?: string; tools?: Listed['tools'] };
  return { status: answer.status, error: body.error ?? '', tools: body.tools ?? [] };
}

/** Three hundred properties, each a choice of three shapes with keywords strict mode drops: ~45 KB, slow to check and strictify. */
function pathologicalSchema(): Record<string, unknown> {
  const choice = { anyOf: [{ type: 'string', pattern: 'a+', format: 'email' }, { type: 'number', minimum: 1 }, { type: 'object', properties: { x: { type: 'string', format: 'uri' } } }] };
  return { type: 'object', properties: Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`p${index}`, choice])) };
}

describe("a visitor's server whose listing is hostile", () => {
  it('is described in the worker pool: strict verdicts for a listing near the bound, a clear 4xx past it, and health answers throughout', async () => {
    const schema = pathologicalSchema();
    // ~3.6 MB of schemas (under the 4 MB bound), then ~9 MB (over it), then one schema nested 100,000 deep.
    const [near, over, deep] = await Promise.all([hostile({ tools: 80, inputSchema: schema }), hostile({ tools: 200, inputSchema: schema }), hostile({ nestedDepth: 100_000 })]);
    const attacks = Promise.all([listTools('127.0.0.31', near), listTools('127.0.0.32', over), listTools('127.0.0.33', deep)]);
    const latency = await sampleLatency(baseURL(), attacks);
    const [nearAnswer, overAnswer, deepAnswer] = await attacks;
    expect(nearAnswer.status, nearAnswer.error).toBe(200);
    expect(nearAnswer.tools).toHaveLength(80);
    expect(nearAnswer.tools[0]).toMatchObject({ qualifiedName: 'hostile.tool_0', strictCheck: 'strictified' });
    expect(overAnswer).toMatchObject({ status: 422, error: expect.stringMatching(/answered more than 4 MB; the answer was not read/) });
    expect(deepAnswer.status, deepAnswer.error).toBe(422);
    expect(deepAnswer.error).toMatch(/http:\/\/127\.0\.0\.1:\d+\/mcp did not answer as an MCP server/);
    expectResponsive(latency, 'describing hostile MCP listings');
  });

  it("has its schemas made strict in the pool when a turn offers them, and the turn's call still runs", async () => {
    // Twenty tools: the embedded model checks every request's schemas as OpenAI would, on the HTTP thread, like any provider's answer.
    const url = await hostile({ tools: 20, inputSchema: pathologicalSchema() });
    const turn = runTurn(
      baseURL(),
      { source: 'export default [];', messages: [{ role: 'user', content: 'Go.' }], model: { provider: 'scripted', script: [{ calls: [{ namespace: 'wide', name: 'tool_0', arguments: '{}' }] }, { text: 'Done.' }] }, mcpServers: [{ name: 'wide', url, settings: { tool_0: { deferLoading: false } } }] },
      { timeoutMs: 90_000 },
    );
    const latency = await sampleLatency(baseURL(), turn);
    const run = await turn;
    expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
    expect(toolOutputs(run)[0], describeRun(run)).toMatchObject({ status: 'success', output: 'fine' });
    expectResponsive(latency, 'a turn offering a hostile listing');
  });
});

describe("a visitor's server that attacks the connection", () => {
  it('never answering, streaming forever, answering 50 MB, sending invalid JSON-RPC or listing 10,000 tools: each a 4xx with the reason, health answering throughout', async () => {
    const servers = await Promise.all([
      hostile('silent-connect'),
      hostile('stream-forever', { attack: 'initialize' }),
      hostile('huge-answer', { attack: 'tools/list' }),
      hostile('invalid-json-rpc', { attack: 'initialize' }),
      hostile('invalid-json-rpc', { attack: 'tools/list' }),
      hostile({ tools: 10_000 }),
    ]);
    const attacks = Promise.all(servers.map((url, index) => listTools(`127.0.0.${41 + index}`, url)));
    const latency = await sampleLatency(baseURL(), attacks);
    const [silent, forever, huge, garbledConnect, garbledList, crowded] = (await attacks) as [Listed, Listed, Listed, Listed, Listed, Listed];
    expect(silent).toMatchObject({ status: 422, error: expect.stringMatching(/did not answer in time/) });
    expect(forever).toMatchObject({ status: 422, error: expect.stringMatching(/more than 10 MB/) });
    expect(huge).toMatchObject({ status: 422, error: expect.stringMatching(/answered more than 4 MB; the answer was not read/) });
    for (const garbled of [garbledConnect, garbledList]) expect(garbled.status, garbled.error).toBe(422);
    expect(garbledConnect.error).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp did not answer as an MCP server: /);
    expect(garbledList.error).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp did not answer as an MCP server: /);
    expect(crowded).toMatchObject({ status: 422, error: expect.stringMatching(/more than 1000 tools/) });
    expectResponsive(latency, 'hostile MCP connections');
    await expectServerStillServes(baseURL());
  });
});
