'use client';

import type { McpServerEntry } from '@/lib/client/mcp';
import type { OperatorServers } from './use-operator-mcp-servers';

export type OperatorServerListProps = { operator: OperatorServers; entries: readonly McpServerEntry[]; onAdd: (key: string) => void };

/** The operator's servers (from `mcp.json`) not yet among the sources, each one click away. */
export function OperatorServerList({ operator, entries, onAdd }: OperatorServerListProps) {
  if (operator.status === 'loading') return null;
  if (operator.status === 'failed') {
    return <p className="text-[11px] text-fg-muted">The operator’s servers could not be listed: {operator.message}</p>;
  }
  const added = new Set(entries.map((entry) => entry.id));
  const offered = operator.servers.filter((server) => !added.has(`operator:${server.name}`));
  if (offered.length === 0) return null;
  return (
    <div data-testid="mcp-operator-servers" className="flex flex-wrap items-center gap-1 text-[11px] text-fg-muted">
      <span>Configured by the operator:</span>
      {offered.map((server) => (
        <button
          key={server.name}
          type="button"
          data-testid={`mcp-operator-${server.name}`}
          title={`Add ${server.name} (${server.transport === 'stdio' ? 'a process on the server' : server.url ?? 'HTTP'})`}
          onClick={() => onAdd(server.name)}
          className="rounded border border-dashed border-border bg-panel px-1.5 py-0.5 font-mono hover:text-fg"
        >
          + {server.name}
        </button>
      ))}
    </div>
  );
}
