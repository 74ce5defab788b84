import type { McpServerEntry } from './mcp-server-entry';

/**
 * How long a listing is trusted before the page lists the server again when the person comes back
 * to the tab: a server's tools change while nobody watches (`notifications/tools/list_changed`
 * only reaches an open connection, and the page holds none), but every return must not cost a
 * listing per server against the address's 20 a minute.
 */
export const RELIST_AFTER_MS = 30_000;

/**
 * The servers to list again as the tab regains focus: connected and offered to turns, and last
 * listed (as `listedAt` remembers, by entry id) at least `RELIST_AFTER_MS` ago. A server not in
 * `listedAt` counts as listed now: the caller starts its clock.
 */
export function selectServersToRelist(servers: readonly McpServerEntry[], listedAt: ReadonlyMap<string, number>, now: number): McpServerEntry[] {
  return servers.filter((entry) => {
    if (!entry.included || entry.connection.status !== 'connected') return false;
    const last = listedAt.get(entry.id);
    return last !== undefined && now - last >= RELIST_AFTER_MS;
  });
}
