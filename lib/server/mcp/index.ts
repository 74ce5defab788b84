// Server-only: the HTTP side of MCP servers: the environment they are read with, listing a server for the page, and failures as responses.
export { listMcpServerTools, respondMcpToolsListing } from './list-mcp-server-tools';
export { readMcpEnvironment } from './read-mcp-environment';
export { respondMcpFailure } from './respond-mcp-failure';
