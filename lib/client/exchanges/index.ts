// Copying a recorded model exchange as curl or as its provider's SDK code (OpenAI, Anthropic or Gemini), and an MCP server's JSON-RPC
// exchanges as curl: everything interpolated is quoted for its target. Loaded with the exchange viewer, not with the page.
export { describeEndpoint, describeSdk, detectWireFormat, formatBody, formatCurl, formatSdkCode } from './format-exchange-code';
export { formatMcpCurl } from './format-mcp-curl';
export { describeMcpExchange, pairMcpExchanges } from './pair-mcp-exchanges';
export type { McpExchange } from './pair-mcp-exchanges';
