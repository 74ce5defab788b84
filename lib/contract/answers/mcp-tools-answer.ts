// Shapes (what mcp-ui builds against):
//   McpToolsAnswer = { server: McpServerInfo, tools: McpToolView[] }
//   McpServerInfo  = { name, title?, version, protocolVersion, instructions?, transport: 'streamable-http'|'sse'|'stdio' }
//   McpToolView    = CompiledToolView (namespace = the server name as the request named it, or the server's
//                    own name sanitized; qualifiedName `namespace.name`; strict verdict, gate per permission
//                    mode, risk, executionMode, deferLoading, jsonSchema, sentSchema, strictReport, strictified)
//                    + { serverToolName (as tools/list spells it; `name` is it made namespace-safe),
//                        title?, annotations, inputSchema, outputSchema?, external (openWorldHint) }.
//   `line` and `index` are the tool's position in the listing (index from 0, line = index + 1).
import type { JsonSchema } from '@/lib/runtime';
import type { CompiledToolView } from './describe-compiled-tools';

/** What the server said about itself when it connected. */
export type McpServerInfo = {
  /** The server's own name (`serverInfo.name`), or the operator's key when it gave none. */
  name: string;
  title?: string;
  version: string;
  /** The protocol revision the connection speaks, e.g. `2025-11-25` or `2026-07-28`. */
  protocolVersion: string;
  instructions?: string;
  /** How it was reached: Streamable HTTP, the legacy HTTP+SSE transport, or a process (operator servers only). */
  transport: McpTransportKind;
};

export type McpTransportKind = 'streamable-http' | 'sse' | 'stdio';

/** The hints a server gives about a tool (MCP `ToolAnnotations`), as it sent them. */
export type McpToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** One server tool as the schema panel shows it: a module tool's view plus what MCP adds. */
export type McpToolView = CompiledToolView & {
  /** The name the server knows the tool by (what `tools/call` sends); `name` is it made namespace-safe. */
  serverToolName: string;
  title?: string;
  annotations: McpToolAnnotations;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  /** `openWorldHint`: the tool reaches beyond the server (the web, other people). */
  external: boolean;
};

export type McpToolsAnswer = { server: McpServerInfo; tools: McpToolView[] };
