'use client';

import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/client';
import { fetchMcpTools } from '@/lib/client/api';
import { withHeaders, type McpServerEntry, type McpServerSource } from '@/lib/client/mcp';

export type McpConnector = {
  /** Lists the server's tools again (a first connect, a refresh), replacing any connect still on its way. */
  connect: (id: string, source: McpServerSource) => void;
  /** Forgets the connection: the server stays in Sources, its tools leave the schema panel. */
  disconnect: (id: string) => void;
};

/** Connects servers through `POST /api/mcp/tools` and reports each outcome to the page's state. */
export function useMcpConnector(dispatch: Dispatch<PlaygroundAction>): McpConnector {
  const pending = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const controllers = pending.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  const connect = useCallback(
    (id: string, source: McpServerSource) => {
      pending.current.get(id)?.abort();
      const controller = new AbortController();
      pending.current.set(id, controller);
      dispatch({ type: 'mcp-connect-started', id });
      const request = source.kind === 'url' ? { url: source.url, ...withHeaders(source.headers) } : { name: source.key };
      void fetchMcpTools(request, controller.signal).then((result) => {
        if (pending.current.get(id) !== controller) return;
        pending.current.delete(id);
        if (result.ok) dispatch({ type: 'mcp-connect-succeeded', id, server: result.value.server, tools: result.value.tools });
        else if (result.error.code !== 'aborted') dispatch({ type: 'mcp-connect-failed', id, message: result.error.message });
      });
    },
    [dispatch],
  );

  const disconnect = useCallback(
    (id: string) => {
      pending.current.get(id)?.abort();
      pending.current.delete(id);
      dispatch({ type: 'mcp-disconnected', id });
    },
    [dispatch],
  );
  return useMemo(() => ({ connect, disconnect }), [connect, disconnect]);
}

/** Whether a server is worth connecting when the page opens: it is offered to turns and has not connected yet. */
export function shouldReconnect(entry: McpServerEntry): boolean {
  return entry.included && entry.connection.status === 'idle';
}
