'use client';

import { useEffect, useRef } from 'react';
import type { RunState } from '@/lib/client';
import { selectChangedServers, type McpServerEntry } from '@/lib/client/mcp';
import type { McpConnector } from './use-mcp-connector';

/**
 * Lists a server again as soon as a live turn says its tools changed (`tools-changed`: the turn's
 * connection heard `notifications/tools/list_changed`), so its Sources card and the schema panel
 * show the tools it lists now and "Tools changed since the last list" without a reconnect. Each
 * event counts once; recorded turns (a shared session's, run id 0) are history and count never.
 */
export function useRelistOnToolChanges(run: Pick<RunState, 'runId' | 'events'>, servers: readonly McpServerEntry[], connector: McpConnector): void {
  const handled = useRef(new Set<string>());
  const current = useRef(servers);
  useEffect(() => {
    current.current = servers;
  }, [servers]);

  useEffect(() => {
    if (run.runId === 0) return;
    const fresh = run.events.filter((event) => event.type === 'tools-changed' && !handled.current.has(`${run.runId}:${event.seq}`));
    if (fresh.length === 0) return;
    for (const event of fresh) handled.current.add(`${run.runId}:${event.seq}`);
    for (const entry of selectChangedServers(current.current, fresh)) connector.connect(entry.id, entry.source);
  }, [run.runId, run.events, connector]);
}
