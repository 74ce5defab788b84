import type { McpServerInfo, McpToolSetting, McpToolView } from '@/lib/contract';

export type { McpServerInfo, McpToolAnnotations, McpToolView } from '@/lib/contract';

/** A header sent with every request to a server the visitor added (e.g. `Authorization: Bearer …`). */
export type McpHeader = { name: string; value: string };

/** Where a server comes from: a URL typed in this tab (with its headers), or the operator's `mcp.json`, by key. */
export type McpServerSource = { kind: 'url'; url: string; headers: McpHeader[] } | { kind: 'operator'; key: string };

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
export type McpToolChoice = McpToolSetting;

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
