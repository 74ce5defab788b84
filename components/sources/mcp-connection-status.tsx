import type { McpServerEntry } from '@/lib/client/mcp';

const TRANSPORT = { 'streamable-http': 'Streamable HTTP', sse: 'HTTP+SSE (legacy)', stdio: 'process (operator)' } as const;

const DOT = { idle: 'bg-zinc-400', connecting: 'bg-blue-500 animate-pulse', connected: 'bg-emerald-500', failed: 'bg-red-500' } as const;

/** The dot before a server's name. */
export function ConnectionDot({ entry }: { entry: McpServerEntry }) {
  return <span aria-hidden className={`inline-block size-2 shrink-0 rounded-full ${DOT[entry.connection.status]}`} />;
}

/** What the page knows of the server's connection, in words, with what to do when it failed. */
export function McpConnectionStatus({ entry }: { entry: McpServerEntry }) {
  const { connection } = entry;
  switch (connection.status) {
    case 'idle':
      return <p data-testid="mcp-status" data-status="idle" className="text-[11px] text-fg-muted">Not connected: its tools are not listed here (turns still connect to it). Connect to list them.</p>;
    case 'connecting':
      return <p data-testid="mcp-status" data-status="connecting" className="text-[11px] text-fg-muted">Connecting and listing tools…</p>;
    case 'failed':
      return (
        <p data-testid="mcp-status" data-status="failed" role="alert" className="text-[11px] leading-snug text-red-700 dark:text-red-400">
          Could not connect: {connection.message.replace(/^\d{3} /, '')}
        </p>
      );
    case 'connected': {
      const { server, tools, changes } = connection;
      return (
        <div className="space-y-0.5">
          <p data-testid="mcp-status" data-status="connected" className="text-[11px] text-fg-muted">
            Connected · <span className="font-medium text-fg">{server.title ?? server.name}</span> {server.version} · protocol {server.protocolVersion} · {TRANSPORT[server.transport]} ·{' '}
            <span data-testid="mcp-tool-count">
              {tools.length} tool{tools.length === 1 ? '' : 's'}
            </span>
          </p>
          {changes && (
            <p data-testid="mcp-tools-changed" className="text-[11px] text-amber-700 dark:text-amber-400">
              Tools changed since the last list:{changes.added.length > 0 ? ` added ${changes.added.join(', ')}` : ''}
              {changes.removed.length > 0 ? `${changes.added.length > 0 ? ';' : ''} removed ${changes.removed.join(', ')}` : ''}.
            </p>
          )}
        </div>
      );
    }
  }
}
