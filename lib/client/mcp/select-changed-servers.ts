import type { RuntimeEvent } from '@/lib/runtime';
import { buildMcpServer } from './build-mcp-servers';
import type { McpServerEntry } from './mcp-server-entry';

/**
 * The servers a turn heard change (`tools-changed`: the server sent
 * `notifications/tools/list_changed` mid-turn, or could not be listed again), to list again so
 * their Sources card shows the tools they list now and what changed. A server is matched by the
 * name the turn knew it by (its namespace, or an operator server's key); one already being
 * listed, or left out of turns, is left alone.
 */
export function selectChangedServers(servers: readonly McpServerEntry[], events: readonly RuntimeEvent[]): McpServerEntry[] {
  const changed = new Set(events.flatMap((event) => (event.type === 'tools-changed' ? [event.server] : [])));
  if (changed.size === 0) return [];
  return servers.filter((entry) => entry.included && entry.connection.status !== 'connecting' && changed.has(buildMcpServer(entry).name));
}
