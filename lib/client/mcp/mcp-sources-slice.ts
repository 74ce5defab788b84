import { sanitizeToolName } from '@/lib/interop';
import { mcpEntryId, type McpConnection, type McpServerEntry, type McpServerInfo, type McpServerSource, type McpToolChoice, type McpToolView } from './mcp-server-entry';

/** The MCP servers this tab uses as tool sources, beside the module. Never part of a draft, a share or an export. */
export type McpSourcesSlice = { mcpServers: McpServerEntry[] };

export type McpSourcesAction =
  | { type: 'mcp-servers-restored'; servers: McpServerEntry[] }
  /** A server added (by URL, or an operator's by key); adding one already there only reconnects it. */
  | { type: 'mcp-server-added'; source: McpServerSource }
  | { type: 'mcp-server-removed'; id: string }
  | { type: 'mcp-connect-started'; id: string }
  | { type: 'mcp-connect-succeeded'; id: string; server: McpServerInfo; tools: McpToolView[] }
  | { type: 'mcp-connect-failed'; id: string; message: string }
  | { type: 'mcp-disconnected'; id: string }
  | { type: 'mcp-namespace-changed'; id: string; namespace: string }
  | { type: 'mcp-server-included'; id: string; included: boolean }
  | { type: 'mcp-server-defaults-changed'; id: string; defaults: McpToolChoice }
  | { type: 'mcp-tool-choice-changed'; id: string; tool: string; choice: McpToolChoice & { excluded?: boolean } };

export function reduceMcpSources(state: McpSourcesSlice, action: McpSourcesAction): McpSourcesSlice {
  switch (action.type) {
    case 'mcp-servers-restored':
      return { mcpServers: action.servers };
    case 'mcp-server-added':
      return { mcpServers: addServer(state.mcpServers, action.source) };
    case 'mcp-server-removed':
      return { mcpServers: state.mcpServers.filter((entry) => entry.id !== action.id) };
    case 'mcp-connect-started':
      return update(state, action.id, (entry) => ({ ...entry, connection: { status: 'connecting', ...(entry.connection.status === 'connected' ? { previous: entry.connection } : {}) } }));
    case 'mcp-connect-succeeded':
      return update(state, action.id, (entry) => connect(entry, action.server, action.tools, state.mcpServers));
    case 'mcp-connect-failed':
      return update(state, action.id, (entry) => ({ ...entry, connection: { status: 'failed', message: action.message } }));
    case 'mcp-disconnected':
      return update(state, action.id, (entry) => ({ ...entry, connection: { status: 'idle' } }));
    case 'mcp-namespace-changed':
      return update(state, action.id, (entry) => (entry.source.kind === 'operator' ? entry : { ...entry, namespace: action.namespace, namespaceEdited: true }));
    case 'mcp-server-included':
      return update(state, action.id, (entry) => ({ ...entry, included: action.included }));
    case 'mcp-server-defaults-changed':
      return update(state, action.id, (entry) => ({ ...entry, defaults: action.defaults }));
    case 'mcp-tool-choice-changed':
      return update(state, action.id, (entry) => ({ ...entry, toolChoices: { ...entry.toolChoices, [action.tool]: action.choice } }));
  }
}

function update(state: McpSourcesSlice, id: string, change: (entry: McpServerEntry) => McpServerEntry): McpSourcesSlice {
  return { mcpServers: state.mcpServers.map((entry) => (entry.id === id ? change(entry) : entry)) };
}

function addServer(servers: McpServerEntry[], source: McpServerSource): McpServerEntry[] {
  const id = mcpEntryId(source);
  const existing = servers.find((entry) => entry.id === id);
  if (existing) return servers.map((entry) => (entry.id === id ? { ...entry, source } : entry));
  // A URL server's namespace is its server's name once it connects; until then, its host.
  const namespace = source.kind === 'operator' ? source.key : claimNamespace(hostOf(source.url), servers);
  const entry: McpServerEntry = { id, source, namespace, namespaceEdited: false, included: true, defaults: {}, toolChoices: {}, connection: { status: 'idle' } };
  return [...servers, entry];
}

/** The connected state; a URL server's namespace follows the server's name until the user edits it. */
function connect(entry: McpServerEntry, server: McpServerInfo, tools: McpToolView[], servers: McpServerEntry[]): McpServerEntry {
  const before = entry.connection.status === 'connecting' ? entry.connection.previous : entry.connection.status === 'connected' ? entry.connection : undefined;
  const connection: McpConnection = { status: 'connected', server, tools, ...(before ? { changes: diffTools(before.tools, tools) } : {}) };
  const named = entry.namespaceEdited || entry.source.kind === 'operator';
  const namespace = named ? entry.namespace : claimNamespace(server.name, servers.filter((other) => other.id !== entry.id));
  return { ...entry, namespace, connection };
}

function diffTools(before: readonly McpToolView[], after: readonly McpToolView[]): { added: string[]; removed: string[] } | undefined {
  const old = new Set(before.map((tool) => tool.serverToolName));
  const now = new Set(after.map((tool) => tool.serverToolName));
  const added = [...now].filter((name) => !old.has(name));
  const removed = [...old].filter((name) => !now.has(name));
  return added.length > 0 || removed.length > 0 ? { added, removed } : undefined;
}

/** A namespace-safe name (`^[a-zA-Z0-9_-]{1,64}$`) from `raw`, numbered when another server has it. */
export function claimNamespace(raw: string, servers: readonly McpServerEntry[]): string {
  return sanitizeToolName(raw, new Set(servers.map((entry) => entry.namespace)));
}

/** The first label of a named host (`tools` of tools.example.com); `mcp` for an address or anything else. */
function hostOf(url: string): string {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  const label = host.split('.')[0] ?? '';
  return /^[a-z]/i.test(label) && !host.includes(':') ? label : 'mcp';
}
