import { mcpEntryId, type McpHeader, type McpServerEntry, type McpServerSource } from './mcp-server-entry';

/**
 * The tab's MCP servers, headers included, live in its sessionStorage only (gone when the tab
 * closes), like API keys: never in localStorage, a draft, a share link, an export or the URL.
 * Connections are not kept: a restored server connects again.
 */
const STORAGE_KEY = 'playground:mcp-servers:v1';

type StoredServer = Pick<McpServerEntry, 'source' | 'namespace' | 'namespaceEdited' | 'included' | 'defaults' | 'toolChoices'>;

export function readSessionMcpServers(storage: Pick<Storage, 'getItem'>): McpServerEntry[] {
  const text = storage.getItem(STORAGE_KEY);
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn('Ignoring unreadable stored MCP servers:', error);
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const stored = readStoredServer(item);
    return stored ? [{ ...stored, id: mcpEntryId(stored.source), connection: { status: 'idle' as const } }] : [];
  });
}

export function writeSessionMcpServers(storage: Pick<Storage, 'setItem' | 'removeItem'>, servers: readonly McpServerEntry[]): void {
  if (servers.length === 0) {
    storage.removeItem(STORAGE_KEY);
    return;
  }
  const stored: StoredServer[] = servers.map(({ source, namespace, namespaceEdited, included, defaults, toolChoices }) => ({ source, namespace, namespaceEdited, included, defaults, toolChoices }));
  storage.setItem(STORAGE_KEY, JSON.stringify(stored));
}

function readStoredServer(item: unknown): StoredServer | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const source = readSource(record.source);
  if (!source || typeof record.namespace !== 'string') return undefined;
  return {
    source,
    namespace: record.namespace,
    namespaceEdited: record.namespaceEdited === true,
    included: record.included !== false,
    defaults: isObject(record.defaults) ? record.defaults : {},
    toolChoices: isObject(record.toolChoices) ? (record.toolChoices as StoredServer['toolChoices']) : {},
  };
}

function readSource(value: unknown): McpServerSource | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'operator' && typeof value.key === 'string') return { kind: 'operator', key: value.key };
  if (value.kind !== 'url' || typeof value.url !== 'string') return undefined;
  const headers = Array.isArray(value.headers) ? value.headers.filter(isHeader) : [];
  return { kind: 'url', url: value.url, headers };
}

function isHeader(value: unknown): value is McpHeader {
  return isObject(value) && typeof value.name === 'string' && typeof value.value === 'string';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
