// Server-only: connecting to MCP servers (Streamable HTTP with HTTP+SSE fallback under the egress
// policy; stdio for the operator's mcp.json only), listing their tools within bounds, and the
// operator's configuration.
export { connectMcpServer } from './connect-mcp-server';
export type { McpConnection, ConnectMcpServerOptions } from './connect-mcp-server';
export { McpResponseTooLargeError } from './create-bounded-fetch';
export { RecordingTransport } from './create-recording-transport';
export type { McpMessageDirection, McpMessageListener } from './create-recording-transport';
export { describeMcpFailure } from './describe-mcp-failure';
export { listMcpTools } from './list-mcp-tools';
export type { McpListing } from './list-mcp-tools';
export { listServerTools, toNamespace } from './list-server-tools';
export type { DescribeMcpListing, McpToolsListing, ListServerToolsOptions } from './list-server-tools';
export { loadOperatorConfig } from './load-operator-config';
export type { McpEnvironment } from './mcp-environment';
export type { McpFailure } from './mcp-failure';
export { describeTarget, redactUrl } from './mcp-server-target';
export type { McpServerTarget } from './mcp-server-target';
export { readMcpConfig, listOperatorServers } from './read-mcp-config';
export type { McpConfig } from './read-mcp-config';
export { resolveMcpServer } from './resolve-mcp-server';
export { createMcpTool } from './create-mcp-tool';
export type { ValidateJson, McpToolServer, CreateMcpToolOptions, CallServerTool } from './create-mcp-tool';
export { openRecordedMcpTools } from './open-recorded-mcp-tools';
export { openMcpToolSources } from './open-mcp-tool-sources';
export type { McpToolSources, McpTurnServer, OpenMcpToolSourcesOptions } from './open-mcp-tool-sources';
