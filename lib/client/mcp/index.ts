// MCP servers as tool sources in the page: the slice holding them (headers in the tab's session
// storage only), the request's `mcpServers`, the tools the schema panel lists, snapshots as modules.
export { MCP_DEFER_THRESHOLD, mcpEntryId } from './mcp-server-entry';
export type { McpConnection, McpConnectedState, McpHeader, McpServerEntry, McpServerInfo, McpServerSource, McpToolAnnotations, McpToolChoice, McpToolView } from './mcp-server-entry';
export { claimNamespace, reduceMcpSources } from './mcp-sources-slice';
export type { McpSourcesAction, McpSourcesSlice } from './mcp-sources-slice';
export { readSessionMcpServers, writeSessionMcpServers } from './mcp-source-storage';
export { buildMcpServer, buildMcpServers, resolveToolChoice, withHeaders } from './build-mcp-servers';
export type { McpServerRequest } from './build-mcp-servers';
export { mcpModuleKey, selectMcpTools } from './select-mcp-tools';
export { RELIST_AFTER_MS, selectServersToRelist } from './select-servers-to-relist';
export { selectChangedServers } from './select-changed-servers';
export type { McpToolOrigin, SourcedToolSummary, SourcedToolView } from './select-mcp-tools';
export { collectRecordedOutputs, snapshotServerModule } from './snapshot-server-module';
