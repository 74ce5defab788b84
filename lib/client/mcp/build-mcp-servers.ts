import { err, ok, type Result } from '@/lib/runtime';
import { isValidToolName } from '@/lib/interop';
import { MCP_LIMITS, type McpServerRef } from '@/lib/contract';
import { MCP_DEFER_THRESHOLD, type McpHeader, type McpServerEntry, type McpToolChoice } from './mcp-server-entry';

/** One server of a request's `mcpServers`: a URL server with its headers, or an operator's by key. */
export type McpServerRequest = McpServerRef;

/**
 * The `mcpServers` of a turn or direct call: every included server, with its headers, the tools
 * left in and each tool's choices. Servers that never connected are sent too (the server lists
 * their tools itself); a namespace that is not a valid tool name, or two servers with one
 * namespace, is refused with what to change.
 */
export function buildMcpServers(servers: readonly McpServerEntry[]): Result<McpServerRequest[], string> {
  const included = servers.filter((entry) => entry.included);
  if (included.length > MCP_LIMITS.serversPerRequest) return err(`A turn takes at most ${MCP_LIMITS.serversPerRequest} MCP servers: untick “Offer to turns” on ${included.length - MCP_LIMITS.serversPerRequest} in Sources.`);
  const seen = new Set<string>();
  for (const entry of included) {
    if (!isValidToolName(entry.namespace)) return err(`The MCP namespace "${entry.namespace}" is not usable: use 1–64 letters, digits, _ or - (Sources).`);
    if (seen.has(entry.namespace)) return err(`Two MCP servers share the namespace "${entry.namespace}": rename one in Sources.`);
    seen.add(entry.namespace);
  }
  return ok(included.map(buildMcpServer));
}

/** One entry as the request carries it. */
export function buildMcpServer(entry: McpServerEntry): McpServerRequest {
  const base: McpServerRequest =
    entry.source.kind === 'url' ? { name: entry.namespace, url: entry.source.url, ...withHeaders(entry.source.headers) } : { name: entry.source.key };
  const tools = entry.connection.status === 'connected' || entry.connection.status === 'connecting' ? listedTools(entry) : undefined;
  if (!tools) return base;
  const excluded = tools.filter((name) => entry.toolChoices[name]?.excluded === true);
  const settings = Object.fromEntries(
    tools.filter((name) => !excluded.includes(name)).flatMap((name) => {
      const choice = resolveToolChoice(entry, name, tools.length);
      return Object.keys(choice).length > 0 ? [[name, choice]] : [];
    }),
  );
  return {
    ...base,
    ...(excluded.length > 0 ? { tools: tools.filter((name) => !excluded.includes(name)) } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

/** A tool's choices: its own, else the server's, and deferred by default on a server with more than 20 tools. */
export function resolveToolChoice(entry: McpServerEntry, tool: string, toolCount: number): McpToolChoice {
  const { excluded: _excluded, ...own } = entry.toolChoices[tool] ?? {};
  const choice: McpToolChoice = { ...entry.defaults, ...own };
  if (choice.deferLoading === undefined && toolCount > MCP_DEFER_THRESHOLD) choice.deferLoading = true;
  return Object.fromEntries(Object.entries(choice).filter(([, value]) => value !== undefined)) as McpToolChoice;
}

function listedTools(entry: McpServerEntry): string[] | undefined {
  const connection = entry.connection.status === 'connecting' ? entry.connection.previous : entry.connection.status === 'connected' ? entry.connection : undefined;
  return connection?.tools.map((tool) => tool.serverToolName);
}

/** Headers with a name, as a record; none when there are none. */
export function withHeaders(headers: readonly McpHeader[]): { headers?: Record<string, string> } {
  const named = headers.filter((header) => header.name.trim() !== '');
  return named.length > 0 ? { headers: Object.fromEntries(named.map((header) => [header.name.trim(), header.value])) } : {};
}
