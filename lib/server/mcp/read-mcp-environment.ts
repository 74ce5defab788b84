// Server-only: what the process environment says about MCP servers.
import type { McpEnvironment } from '@/lib/mcp/server';

export function readMcpEnvironment(): McpEnvironment {
  return {
    PLAYGROUND_ALLOW_PRIVATE_NETWORK: process.env.PLAYGROUND_ALLOW_PRIVATE_NETWORK,
    PLAYGROUND_MCP_CONFIG: process.env.PLAYGROUND_MCP_CONFIG,
  };
}
