'use client';

import { useEffect, useRef, type Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/client';
import { readSessionMcpServers, writeSessionMcpServers, type McpServerEntry } from '@/lib/client/mcp';
import { shouldReconnect, type McpConnector } from './use-mcp-connector';

/**
 * Keeps the tab's MCP servers (headers included) in its sessionStorage: restored, and connected
 * again, when the page opens; written whenever they change. Nothing of them reaches a draft.
 */
export function useSessionMcpServers(servers: readonly McpServerEntry[], dispatch: Dispatch<PlaygroundAction>, connector: McpConnector): void {
  // Until the stored servers are in the state, its empty list is not the user's: writing it would erase them.
  const restoring = useRef(true);
  useEffect(() => {
    const stored = readSessionMcpServers(window.sessionStorage);
    if (stored.length === 0) {
      restoring.current = false;
      return;
    }
    dispatch({ type: 'mcp-servers-restored', servers: stored });
    stored.filter(shouldReconnect).forEach((entry) => connector.connect(entry.id, entry.source));
  }, [dispatch, connector]);
  useEffect(() => {
    if (restoring.current && servers.length === 0) return;
    restoring.current = false;
    writeSessionMcpServers(window.sessionStorage, servers);
  }, [servers]);
}
