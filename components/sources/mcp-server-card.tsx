'use client';

import { isValidToolName } from '@/lib/interop';
import { MCP_DEFER_THRESHOLD, type McpServerEntry, type McpToolChoice } from '@/lib/client/mcp';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { INPUT_CLASS } from '@/components/ui/field';
import { ConnectionDot, McpConnectionStatus } from './mcp-connection-status';
import { McpChoiceSelects } from './mcp-choice-selects';

export type McpServerCardActions = {
  connect: (entry: McpServerEntry) => void;
  disconnect: (entry: McpServerEntry) => void;
  remove: (entry: McpServerEntry) => void;
  rename: (entry: McpServerEntry, namespace: string) => void;
  include: (entry: McpServerEntry, included: boolean) => void;
  setDefaults: (entry: McpServerEntry, defaults: McpToolChoice) => void;
  snapshot: (entry: McpServerEntry) => void;
};

const SMALL_BUTTON = 'rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-50';

/** One server in Sources: where it is, its connection, its namespace and the choices for all its tools. */
export function McpServerCard({ entry, actions }: { entry: McpServerEntry; actions: McpServerCardActions }) {
  const { connection, source } = entry;
  const connected = connection.status === 'connected';
  const where = source.kind === 'url' ? source.url : `operator server “${source.key}” (mcp.json)`;
  const toolCount = connected ? connection.tools.length : 0;
  return (
    <article data-testid={`mcp-server-${entry.namespace}`} data-status={connection.status} className="space-y-1.5 rounded-md border border-border bg-panel p-2">
      <header className="flex min-w-0 flex-wrap items-center gap-1.5">
        <ConnectionDot entry={entry} />
        <Badge tone="violet" title="An MCP server: its tools are called through the runtime, from the playground's server">
          MCP
        </Badge>
        <span className="flex-1" />
        <button type="button" data-testid="mcp-server-connect" className={SMALL_BUTTON} disabled={connection.status === 'connecting'} onClick={() => actions.connect(entry)}>
          {connection.status === 'failed' ? 'Retry' : connected ? 'Refresh' : 'Connect'}
        </button>
        {(connected || connection.status === 'connecting') && (
          <button type="button" data-testid="mcp-server-disconnect" className={SMALL_BUTTON} onClick={() => actions.disconnect(entry)}>
            Disconnect
          </button>
        )}
        <button type="button" data-testid="mcp-server-remove" className={SMALL_BUTTON} aria-label={`Remove ${where}`} onClick={() => actions.remove(entry)}>
          Remove
        </button>
      </header>
      {/* The whole address, wrapped rather than cut: two servers often differ only at its end. */}
      <p className="flex min-w-0 items-start gap-1.5">
        <span data-testid="mcp-server-where" className="min-w-0 flex-1 font-mono text-[11.5px] leading-snug break-all" title={where}>
          {where}
        </span>
        {source.kind === 'url' && <CopyButton text={source.url} label="Copy URL" testId="mcp-server-url-copy" />}
      </p>
      <McpConnectionStatus entry={entry} />
      <div className="flex flex-wrap items-center gap-2">
        <NamespaceField entry={entry} onRename={(namespace) => actions.rename(entry, namespace)} />
        <label className="flex items-center gap-1 text-[11px] text-fg-muted">
          <input type="checkbox" data-testid="mcp-server-include" checked={entry.included} onChange={(event) => actions.include(entry, event.target.checked)} />
          Offer to turns
        </label>
        {connected && (
          <button type="button" data-testid="mcp-snapshot" className={`${SMALL_BUTTON} ml-auto`} onClick={() => actions.snapshot(entry)} title="Write this server's tools into the editor as defineTools answering with the outputs the server gave in this conversation">
            Snapshot to module
          </button>
        )}
      </div>
      <details className="group/defaults">
        <summary data-testid="mcp-server-defaults" className="cursor-pointer text-[11px] text-fg-muted select-none hover:text-fg">
          <span aria-hidden className="mr-1 inline-block transition-transform group-open/defaults:rotate-90">▸</span>
          Choices for all its tools: {describeDefaults(entry.defaults, toolCount)}
        </summary>
        <div className="mt-1 flex">
          <McpChoiceSelects
            choice={entry.defaults}
            onChange={(defaults) => actions.setDefaults(entry, defaults)}
            testIdPrefix="mcp-server"
            automatic={{
              deferLoading: toolCount > MCP_DEFER_THRESHOLD ? 'auto (deferred)' : 'auto (loaded)',
              executionMode: 'annotations',
              needsApproval: 'annotations',
            }}
          />
        </div>
      </details>
    </article>
  );
}

function NamespaceField({ entry, onRename }: { entry: McpServerEntry; onRename: (namespace: string) => void }) {
  const valid = isValidToolName(entry.namespace);
  return (
    <label className="flex items-center gap-1 text-[11px] text-fg-muted">
      Namespace
      <input
        data-testid="mcp-namespace"
        aria-invalid={!valid}
        disabled={entry.source.kind === 'operator'}
        title={entry.source.kind === 'operator' ? "An operator server's namespace is its key in mcp.json" : 'Calls are qualified <namespace>.<tool>'}
        className={`${INPUT_CLASS} h-6 w-36 font-mono ${valid ? '' : 'border-red-500'}`}
        value={entry.namespace}
        onChange={(event) => onRename(event.target.value)}
      />
      {!valid && <span className="text-red-700 dark:text-red-400">1–64 letters, digits, _ or -</span>}
    </label>
  );
}

/** The server-wide choices in a few words: what the closed summary says. */
function describeDefaults(defaults: McpToolChoice, toolCount: number): string {
  const defer = defaults.deferLoading ?? toolCount > MCP_DEFER_THRESHOLD;
  const mode = defaults.executionMode ?? 'mode from annotations';
  const approval = defaults.needsApproval === undefined ? 'approval from annotations' : defaults.needsApproval ? 'always ask' : 'never ask';
  return `${defer ? 'deferred' : 'loaded'}, ${mode}, ${approval}`;
}
