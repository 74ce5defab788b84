'use client';

import { useCallback, useMemo, useState, type Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/client';
import { mcpEntryId, type McpServerEntry, type McpServerSource } from '@/lib/client/mcp';
import { McpServerCard, type McpServerCardActions } from './mcp-server-card';
import { McpServerForm } from './mcp-server-form';
import { OperatorServerList } from './operator-server-list';
import type { McpConnector } from './use-mcp-connector';
import { useOperatorMcpServers } from './use-operator-mcp-servers';
import { useRelistOnReturn } from './use-relist-on-return';

export type SourcesSectionProps = {
  servers: readonly McpServerEntry[];
  /** How many tools the editor's module defines (its last good compile). */
  moduleToolCount: number;
  dispatch: Dispatch<PlaygroundAction>;
  connector: McpConnector;
  /** Writes the server's tools into the editor; answers what it did, for the notice. */
  onSnapshot: (entry: McpServerEntry) => string;
};

/** Where a turn's tools come from: the editor's module, and MCP servers added by URL or configured by the operator. */
export function SourcesSection({ servers, moduleToolCount, dispatch, connector, onSnapshot }: SourcesSectionProps) {
  const [adding, setAdding] = useState(false);
  const operator = useOperatorMcpServers();
  const [notice, setNotice] = useState<string | null>(null);
  const snapshot = useCallback((entry: McpServerEntry) => setNotice(onSnapshot(entry)), [onSnapshot]);
  const actions = useServerActions(dispatch, connector, snapshot);
  useRelistOnReturn(servers, connector);
  const add = (source: McpServerSource) => {
    dispatch({ type: 'mcp-server-added', source });
    connector.connect(mcpEntryId(source), source);
    setAdding(false);
  };
  return (
    <section aria-label="Sources" data-testid="sources" className="max-h-[55%] shrink-0 space-y-1.5 overflow-y-auto border-b border-border bg-panel-muted/50 px-3 py-2">
      <div className="flex items-center gap-2">
        <h3 className="shrink-0 text-[11px] font-semibold uppercase tracking-wide text-fg-muted">Sources</h3>
        <span className="min-w-0 truncate text-[11px] text-fg-muted" title={`tools.ts: ${moduleToolCount} tool${moduleToolCount === 1 ? '' : 's'}; ${servers.length} MCP server${servers.length === 1 ? '' : 's'}`}>
          <span className="font-mono text-fg">tools.ts</span> · {moduleToolCount} tool{moduleToolCount === 1 ? '' : 's'}
          {servers.length > 0 && ` · ${servers.length} MCP`}
        </span>
        {!adding && (
          <button
            type="button"
            data-testid="mcp-add-server"
            onClick={() => setAdding(true)}
            className="ml-auto shrink-0 whitespace-nowrap rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg"
            title="Use a live MCP server's tools beside the module's"
          >
            + MCP server
          </button>
        )}
      </div>
      {servers.map((entry) => (
        <McpServerCard key={entry.id} entry={entry} actions={actions} />
      ))}
      {notice && (
        <p data-testid="mcp-snapshot-notice" role="status" className="flex items-start gap-2 rounded border border-border bg-panel px-2 py-1 text-[11px] leading-snug text-fg-muted">
          <span className="flex-1">{notice}</span>
          <button type="button" aria-label="Dismiss" onClick={() => setNotice(null)} className="text-fg-muted hover:text-fg">
            ✕
          </button>
        </p>
      )}
      {adding && <McpServerForm onAdd={add} onCancel={() => setAdding(false)} />}
      <OperatorServerList operator={operator} entries={servers} onAdd={(key) => add({ kind: 'operator', key })} />
    </section>
  );
}

function useServerActions(dispatch: Dispatch<PlaygroundAction>, connector: McpConnector, onSnapshot: (entry: McpServerEntry) => void): McpServerCardActions {
  return useMemo(
    () => ({
      connect: (entry) => connector.connect(entry.id, entry.source),
      disconnect: (entry) => connector.disconnect(entry.id),
      remove: (entry) => {
        connector.disconnect(entry.id);
        dispatch({ type: 'mcp-server-removed', id: entry.id });
      },
      rename: (entry, namespace) => dispatch({ type: 'mcp-namespace-changed', id: entry.id, namespace }),
      include: (entry, included) => dispatch({ type: 'mcp-server-included', id: entry.id, included }),
      setDefaults: (entry, defaults) => dispatch({ type: 'mcp-server-defaults-changed', id: entry.id, defaults }),
      snapshot: onSnapshot,
    }),
    [dispatch, connector, onSnapshot],
  );
}
