import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runToolCall } from '@/lib/runtime';
import { openMcpToolSources } from '@/lib/mcp/server';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';
import type { McpTestTool } from '../../support/mcp/mcp-test-tool';

const WAITING: McpTestTool = {
  name: 'wait_forever',
  description: 'Reports progress once, then waits until cancelled.',
  inputSchema: { type: 'object', properties: {} },
  run: async (_args, context) => {
    await context.progress(1, 2, 'started');
    await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
    return { content: [{ type: 'text', text: 'cancelled' }] };
  },
};

describe.each<McpTestServerEra>(['modern', 'legacy', 'legacy-sse'])('a server call past its wall deadline (%s)', (era) => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpTestServer({ era, tools: [WAITING] });
  });
  afterAll(() => server.close());

  it('times out with the deadline in its output, logged its progress, and the server was told to cancel', { timeout: 60_000 }, async () => {
    const opened = await openMcpToolSources([{ name: 'slow', url: server.url }], { environment: { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' }, validate: async () => [] });
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      const outcome = await runToolCall({ tools: opened.value.tools, name: 'slow.wait_forever', arguments: '{}', policy: { defaultTimeoutMs: 300 }, host: { turnId: 'turn_deadline' } });
      expect(outcome.result).toMatchObject({ status: 'timeout', output: 'Error: slow.wait_forever timed out after 300 ms.' });
      expect(outcome.events.filter((event) => event.type === 'tool-call-log').map((event) => event.type === 'tool-call-log' && event.message)).toContain('progress 1/2: started');
      // The handler's signal aborts on notifications/cancelled (2025) or on the request's closed stream (2026-07-28).
      await vi.waitFor(() => expect(server.cancelledCalls).toContain('wait_forever'), { timeout: 10_000 });
    } finally {
      await opened.value.close();
    }
  });
});
