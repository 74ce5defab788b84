// MCP servers as tool sources, browser-safe: how a listed tool maps onto the runtime's contract
// (annotations, namespace-safe names, the schema panel's view) and how a call's result becomes the
// model-visible output. Connecting, listing and calling live in the server-only face, ./server.
export { convertCallResult } from './convert-call-result';
export type { McpCallResult } from './convert-call-result';
export { DEFER_LOADING_ABOVE_TOOLS, describeMcpTools, toMcpToolSpecs } from './describe-mcp-tools';
export type { DescribeMcpToolsOptions } from './describe-mcp-tools';
export { mapToolAnnotations } from './map-tool-annotations';
export type { McpToolContract } from './map-tool-annotations';
export type { McpListedTool } from './mcp-listed-tool';
export { namespaceToolNames } from './namespace-tool-name';
export { createMcpTapeRecorder } from './create-mcp-tape-recorder';
export type { McpTapeRecorder } from './create-mcp-tape-recorder';
