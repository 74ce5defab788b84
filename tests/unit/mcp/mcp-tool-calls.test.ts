import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { TURN_CONTROL_HEADER } from '@/lib/server/turns/registry/turn-control';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';
import { callToolDirectly, readEvents } from '../../support/mcp/call-tool-directly';
import { SAMPLE_MCP_TOOLS, type McpTestTool } from '../../support/mcp/mcp-test-tool';

const TOKEN = 'Bearer s3cret-token-123456';

const TOOLS: McpTestTool[] = [
  ...SAMPLE_MCP_TOOLS,
  {
    name: 'whoami',
    description: 'Says which token it was called with.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    run: () => ({ content: [{ type: 'text', text: `you are s3cret-token-123456` }, { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }] }),
  },
  {
    name: 'flood',
    description: 'Answers two million characters of text: under the 10 MB response bound, over the output bound.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    run: () => ({ content: [{ type: 'text', text: 'x'.repeat(2_000_000) }] }),
  },
  {
    name: 'slow_count',
    description: 'Counts to three with progress, then waits until cancelled.',
    inputSchema: { type: 'object', properties: { wait: { type: 'boolean' } } },
    annotations: { readOnlyHint: true },
    run: async (args, context) => {
      for (let step = 1; step <= 3; step += 1) await context.progress(step, 3, `step ${step}`);
      if (args.wait !== true) return { content: [{ type: 'text', text: 'counted' }] };
      await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
      return { content: [{ type: 'text', text: 'cancelled' }] };
    },
  },
];

const call = callToolDirectly;

describe.each<McpTestServerEra>(['modern', 'legacy'])('a server tool called through the runtime (%s era)', (era) => {
  let server: McpTestServer;
  const servers = () => [{ name: 'files', url: server.url, headers: { Authorization: TOKEN } }];

  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era, tools: TOOLS, requiredHeaders: { authorization: TOKEN } });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('answers with the text content, keeps structuredContent as details, and checks it against the output schema', { timeout: 60_000 }, async () => {
    const events = await readEvents(await call({ name: 'files.get_weather', arguments: '{"city": "Oslo"}', mcpServers: servers() }));
    const assembled = events.find((event) => event.type === 'tools-assembled');
    expect(assembled).toMatchObject({ tools: expect.arrayContaining([expect.objectContaining({ qualifiedName: 'files.get_weather', risk: 'read', executionMode: 'parallel' })]) });
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: '{"city":"Oslo","celsius":21}', details: { city: 'Oslo', celsius: 21 } });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
  });

  it('ends a call whose output passes the output bound with a model-visible error naming both sizes', { timeout: 60_000 }, async () => {
    const events = await readEvents(await call({ name: 'files.flood', arguments: '{}', mcpServers: servers() }));
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'error', output: 'Error: files.flood failed (limit-exceeded): files.flood answered 2000000 characters of output; a tool\'s output may be at most 1048576.' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
  });

  it('validates arguments against the inputSchema before calling, and never sends a bad call', { timeout: 60_000 }, async () => {
    const before = server.methods.filter((method) => method === 'tools/call').length;
    const events = await readEvents(await call({ name: 'files.get_weather', arguments: '{"town": "Oslo"}', mcpServers: servers() }));
    expect(events.find((event) => event.type === 'tool-input-error')).toBeDefined();
    expect(server.methods.filter((method) => method === 'tools/call')).toHaveLength(before);
  });

  it('turns isError into a failed call the model reads, and redacts the headers from every event', { timeout: 60_000 }, async () => {
    const failed = await readEvents(await call({ name: 'files.fail', arguments: '{}', mcpServers: servers() }));
    expect(failed.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'error', output: expect.stringContaining('the disk is full') });
    const echoed = await readEvents(await call({ name: 'files.whoami', arguments: '{}', mcpServers: servers() }));
    const output = echoed.find((event) => event.type === 'tool-output');
    expect(output).toMatchObject({ status: 'success', output: 'you are [REDACTED]\n[image: image/png, 5 bytes]' });
    expect(JSON.stringify(echoed)).not.toContain('s3cret-token');
  });

  it('asks before a destructive tool runs in review mode', { timeout: 60_000 }, async () => {
    const response = await call({ name: 'files.delete_file', arguments: '{"path": "a.txt"}', mcpServers: servers(), permissions: { mode: 'review' } });
    const turnId = response.headers.get('x-turn-id')!;
    const token = response.headers.get(TURN_CONTROL_HEADER)!;
    const before = server.methods.filter((method) => method === 'tools/call').length;
    const events = await readEvents(response, (event) => {
      if (event.type === 'tool-approval-request') getTurnRegistry().deliverApproval(turnId, token, event.callId, { approved: false, reason: 'not today' });
    });
    expect(events.find((event) => event.type === 'tool-approval-request')).toBeDefined();
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'denied' });
    expect(server.methods.filter((method) => method === 'tools/call')).toHaveLength(before);
  });

  it('logs progress, and Stop cancels the call on the server', { timeout: 60_000 }, async () => {
    const response = await call({ name: 'files.slow_count', arguments: '{"wait": true}', mcpServers: servers() });
    const turnId = response.headers.get('x-turn-id')!;
    const token = response.headers.get(TURN_CONTROL_HEADER)!;
    let logs = 0;
    const events = await readEvents(response, (event) => {
      if (event.type === 'tool-call-log' && (logs += 1) === 3) getTurnRegistry().abort(turnId, token);
    });
    expect(events.filter((event) => event.type === 'tool-call-log').map((event) => event.type === 'tool-call-log' && event.message)).toEqual([
      'progress 1/3: step 1',
      'progress 2/3: step 2',
      'progress 3/3: step 3',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    await vi.waitFor(() => expect(server.cancelledCalls).toContain('slow_count'), { timeout: 10_000 });
  });
});

describe('a turn whose server cannot be used', () => {
  it('ends with mcp-server-unavailable and the reason, without a private-network allowance', { timeout: 60_000 }, async () => {
    const server = await startMcpTestServer({ era: 'modern', tools: TOOLS });
    try {
      const events = await readEvents(await call({ name: 'files.get_weather', arguments: '{}', mcpServers: [{ name: 'files', url: server.url }] }));
      expect(events.find((event) => event.type === 'sandbox-error')).toMatchObject({ code: 'mcp-server-unavailable', message: expect.stringContaining('PLAYGROUND_ALLOW_PRIVATE_NETWORK=1') });
      expect(server.methods).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
