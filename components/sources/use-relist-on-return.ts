'use client';

import { useEffect, useRef } from 'react';
import { selectServersToRelist, type McpServerEntry } from '@/lib/client/mcp';
import type { McpConnector } from './use-mcp-connector';

/**
 * Lists connected servers again when the person comes back to the tab (focus, or the tab shown
 * again) and their listing is older than `RELIST_AFTER_MS`: what changed since shows on the card
 * as "Tools changed since the last list". The page holds no open connection to hear
 * `notifications/tools/list_changed`; a turn connects afresh and always uses the current list.
 */
export function useRelistOnReturn(servers: readonly McpServerEntry[], connector: McpConnector): void {
  const listedAt = useRef(new Map<string, number>());
  const current = useRef(servers);
  current.current = servers;

  useEffect(() => {
    const now = Date.now();
    for (const entry of servers) {
      if (entry.connection.status === 'connected' && !listedAt.current.has(entry.id)) listedAt.current.set(entry.id, now);
      if (entry.connection.status !== 'connected') listedAt.current.delete(entry.id);
    }
  }, [servers]);

  useEffect(() => {
    const relist = () => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      for (const entry of selectServersToRelist(current.current, listedAt.current, now)) {
        listedAt.current.set(entry.id, now);
        connector.connect(entry.id, entry.source);
      }
    };
    window.addEventListener('focus', relist);
    document.addEventListener('visibilitychange', relist);
    return () => {
      window.removeEventListener('focus', relist);
      document.removeEventListener('visibilitychange', relist);
    };
  }, [connector]);
}
