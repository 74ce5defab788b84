import { afterEach, describe, expect, it } from 'vitest';
import { listDescribedTools as listServerTools } from '../../support/mcp/list-described-tools';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../../support/mcp/mcp-test-tool';

const ALLOW = { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' };
let server: McpTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('listServerTools', () => {
  it.each<[McpTestServerEra, string]>([
    ['modern', '2026-07-28'],
    ['legacy', '2025-'],
    ['legacy-sse', '2025-'],
  ])('lists every page of a %s server with its name, version and protocol revision', async (era, revision) => {
    server = await startMcpTestServer({ era, tools: SAMPLE_MCP_TOOLS, pageSize: 2, name: 'acme files', version: '4.5.6', instructions: 'Be nice.' });
    const listed = await listServerTools({ url: server.url }, ALLOW);
    if (!listed.ok) throw new Error(listed.error.message);
    const { server: info, tools } = listed.value;
    expect(info).toMatchObject({ name: 'acme files', version: '4.5.6', instructions: 'Be nice.', transport: era === 'legacy-sse' ? 'sse' : 'streamable-http' });
    expect(info.protocolVersion.startsWith(revision)).toBe(true);
    expect(tools.map((tool) => tool.qualifiedName)).toEqual(['acme_files.get_weather', 'acme_files.delete_file', 'acme_files.fail']);
    expect(server.methods.filter((method) => method === 'tools/list')).toHaveLength(2);
  });

  it('maps annotations onto the runtime contract', async () => {
    server = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS });
    const listed = await listServerTools({ url: server.url }, ALLOW);
    if (!listed.ok) throw new Error(listed.error.message);
    const [weather, remove, fail] = listed.value.tools;
    expect(weather).toMatchObject({ risk: 'read', executionMode: 'parallel', external: true, needsApproval: false, serverToolName: 'get_weather', title: 'Weather' });
    expect(weather?.outputSchema).toMatchObject({ type: 'object' });
    expect(weather?.gate).toMatchObject({ review: { decision: 'allow' } });
    expect(remove).toMatchObject({ risk: 'destructive', executionMode: 'sequential', external: false, needsApproval: true });
    expect(remove?.gate.review).toMatchObject({ decision: 'ask' });
    expect(fail).toMatchObject({ risk: 'write', executionMode: 'sequential', needsApproval: false });
  });

  it('says why it cannot list: credentials, egress policy, nothing listening, unknown operator server', async () => {
    server = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, requiredHeaders: { authorization: 'Bearer s3cret' } });
    const unauthorized = await listServerTools({ url: server.url }, ALLOW);
    expect(unauthorized).toMatchObject({ ok: false, error: { code: 'http-status', status: 401 } });
    if (!unauthorized.ok) expect(unauthorized.error.message).toContain('Authorization');
    const authorized = await listServerTools({ url: server.url, headers: { Authorization: 'Bearer s3cret' } }, ALLOW);
    expect(authorized.ok).toBe(true);

    const refused = await listServerTools({ url: server.url }, {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'egress-refused' } });
    if (!refused.ok) expect(refused.error.message).toContain('PLAYGROUND_ALLOW_PRIVATE_NETWORK=1');

    const closedPort = server.url;
    await server.close();
    server = undefined;
    const nothing = await listServerTools({ url: closedPort }, ALLOW);
    expect(nothing).toMatchObject({ ok: false, error: { code: 'unreachable' } });

    const unknown = await listServerTools({ name: 'github' }, ALLOW);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-server' } });
  });
});
