// Server-only: the HTTP side of MCP servers: the environment they are read with, and failures as responses.
export { readMcpEnvironment } from './read-mcp-environment';
export { respondMcpFailure } from './respond-mcp-failure';
