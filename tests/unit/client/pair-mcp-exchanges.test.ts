import { describe, expect, it } from 'vitest';
import { describeMcpExchange, formatMcpCurl, pairMcpExchanges } from '@/lib/client/exchanges';
import type { McpRecordedMessage, McpRecordedServer } from '@/lib/contract';

const sent = (message: McpRecordedMessage['message'], server = 'files'): McpRecordedMessage => ({ server, direction: 'sent', message });
const received = (message: McpRecordedMessage['message'], server = 'files'): McpRecordedMessage => ({ server, direction: 'received', message });

const SERVER: McpRecordedServer = {
  name: 'files',
  info: { name: 'files', version: '1.0.0', protocolVersion: '2025-11-25', transport: 'streamable-http' },
  url: "https://mcp.example/it's",
  headers: { Authorization: 'Bearer <redacted>' },
  tools: [],
};

describe('pairMcpExchanges', () => {
  it('pairs each request with the answer of its id going the other way, and keeps notifications on their own', () => {
    const exchanges = pairMcpExchanges([
      sent({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: {} } }),
      received({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } }),
      received({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} }),
      sent({ jsonrpc: '2.0', id: 7, result: { action: 'decline' } }),
      received({ jsonrpc: '2.0', id: 1, result: { content: [] } }),
      received({ jsonrpc: '2.0', id: 1, result: { content: [] } }, 'other'),
    ]);
    expect(exchanges.map((exchange) => [exchange.direction, describeMcpExchange(exchange), exchange.response])).toEqual([
      ['sent', 'tools/call get_weather', { jsonrpc: '2.0', id: 1, result: { content: [] } }],
      ['received', 'notifications/progress', undefined],
      ['received', 'elicitation/create', { jsonrpc: '2.0', id: 7, result: { action: 'decline' } }],
    ]);
  });
});

describe('formatMcpCurl', () => {
  it('quotes the recorded URL, says which header to fill in and what an older revision may want', () => {
    const [exchange] = pairMcpExchanges([sent({ jsonrpc: '2.0', id: 2, method: 'tools/list' })]);
    const curl = formatMcpCurl(exchange!, SERVER);
    expect(curl).toContain(`curl 'https://mcp.example/it'\\''s' \\`);
    expect(curl).toContain("-H 'Authorization: Bearer <redacted>'");
    expect(curl).toContain("-H 'MCP-Protocol-Version: 2025-11-25'");
    expect(curl).not.toContain('Mcp-Method');
    expect(curl).toContain('# A 2025-11-25 server may want the Mcp-Session-Id');
  });

  it('offers nothing for a message the server sent, or a server without a recorded address', () => {
    const [asked] = pairMcpExchanges([received({ jsonrpc: '2.0', id: 3, method: 'elicitation/create' })]);
    expect(formatMcpCurl(asked!, SERVER)).toBeUndefined();
    const [listing] = pairMcpExchanges([sent({ jsonrpc: '2.0', id: 2, method: 'tools/list' })]);
    const { url: _url, ...operator } = SERVER;
    expect(formatMcpCurl(listing!, operator)).toBeUndefined();
  });
});
