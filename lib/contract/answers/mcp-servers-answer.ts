// Shapes (what mcp-ui builds against):
//   GET /api/mcp/servers → McpServersAnswer = { servers: [{ name, transport: 'http'|'stdio', url? }] }
//   The operator's servers from mcp.json (PLAYGROUND_MCP_CONFIG); never their headers, command or env.

/** One server the operator configured, as every visitor sees it. */
export type OperatorMcpServer = { name: string; transport: 'http' | 'stdio'; url?: string };

export type McpServersAnswer = { servers: OperatorMcpServer[] };
