/** What the process environment says about MCP servers (read by lib/server, passed in). */
export type McpEnvironment = {
  /** `1` lets a visitor's server URL reach loopback, private and metadata addresses. */
  PLAYGROUND_ALLOW_PRIVATE_NETWORK?: string;
  /** The path of the operator's mcp.json; no operator servers without it. */
  PLAYGROUND_MCP_CONFIG?: string;
};
