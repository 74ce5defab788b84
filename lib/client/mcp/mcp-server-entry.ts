import type { CompiledToolView } from '@/lib/contract';
import type { ExecutionMode, JsonSchema } from '@/lib/runtime';

/** A header sent with every request to a server the visitor added (e.g. `Authorization: Bearer …`). */
export type McpHeader = { name: string; value: string };

/** Where a server comes from: a URL typed in this tab (with its headers), or the operator's `mcp.json`, by key. */
export type McpServerSource = { kind: 'url'; url: string; headers: McpHeader[] } | { kind: 'operator'; key: string };

/** What `initialize` told about the server. */
export type McpServerInfo = { name: string; title?: string; version: string; protocolVersion: string; instructions?: string; transport: 'streamable-http' | 'sse' | 'stdio' };

/** MCP tool annotations, as the server declared them. */
export type McpToolAnnotations = { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };

/** One server tool as `POST /api/mcp/tools` describes it: a compiled tool's view plus what MCP adds. */
export type McpToolView = CompiledToolView & {
  /** The name the server knows it by (what `tools`, `settings` and `tools/call` use); `name` is it made namespace-safe. */
  serverToolName: string;
  title?: string;
  annotations: McpToolAnnotations;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  external: boolean;
};

/** What the page last learned by connecting. */
export type McpConnection =
  | { status: 'idle' }
  | { status: 'connecting'; previous?: McpConnectedState }
  | McpConnectedState
  | { status: 'failed'; message: string };

export type McpConnectedState = {
  status: 'connected';
  server: McpServerInfo;
  tools: McpToolView[];
  /** Tool names added and removed since the connect before, when the list changed. */
  changes?: { added: string[]; removed: string[] };
};

/** Choices for a tool (or, as defaults, for every tool of a server); unset means automatic. */
export type McpToolChoice = { deferLoading?: boolean; executionMode?: ExecutionMode; needsApproval?: boolean };

/** A server as the Sources section holds it. */
export type McpServerEntry = {
  /** `url:<url>` or `operator:<key>`: unique in the page. */
  id: string;
  source: McpServerSource;
  /** The namespace its tools are offered in: the request's `name` (an operator server's key). */
  namespace: string;
  /** The user typed the namespace: connecting no longer names it after the server. */
  namespaceEdited: boolean;
  /** Whether turns and direct calls get this server at all. */
  included: boolean;
  /** Choices for every tool of the server, overridden per tool by `toolChoices`. */
  defaults: McpToolChoice;
  /** Per tool (by `serverToolName`): choices and whether it is left out. */
  toolChoices: Record<string, McpToolChoice & { excluded?: boolean }>;
  connection: McpConnection;
};

/** Above this many tools a server's tools are deferred behind Tool Search unless the user says otherwise. */
export const MCP_DEFER_THRESHOLD = 20;

/** The entry id of a source. */
export function mcpEntryId(source: McpServerSource): string {
  return source.kind === 'url' ? `url:${source.url}` : `operator:${source.key}`;
}
