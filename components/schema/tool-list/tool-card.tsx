'use client';

import dynamic from 'next/dynamic';
import { memo, useId, type ReactNode } from 'react';
import type { PermissionMode } from '@/lib/runtime';
import type { McpToolOrigin, SourcedToolSummary } from '@/lib/client/mcp';
import { Badge } from '@/components/ui/badge';
import { ToolBadges } from './tool-badges';
import type { TryContext } from '@/components/schema/try';

// The detail (schema sent, strict findings, diff, provider matrix, export) loads with the first open row.
const ToolCardDetail = dynamic(() => import('./tool-card-detail').then((loaded) => loaded.ToolCardDetail), {
  loading: () => <p className="mt-2 text-[11px] text-fg-muted">Loading…</p>,
});

const DECISION_STYLE = {
  allow: 'text-emerald-700 dark:text-emerald-400',
  ask: 'text-amber-700 dark:text-amber-400',
  deny: 'text-red-700 dark:text-red-400',
} as const;

export type ToolCardProps = {
  /** A module's tool, or a server's (with its origin). */
  tool: SourcedToolSummary;
  /** The compile the tool comes from: its detail is looked up (or fetched) by it. */
  moduleKey: string;
  permissionMode: PermissionMode;
  /** Whether the detail (schema sent, strict findings, diff, compatibility, actions) is mounted. */
  open: boolean;
  onOpenChange: (qualifiedName: string, open: boolean) => void;
  /** Qualified names switched to be answered by hand; the toggle shows only with `onToggleAnswerByHand`. */
  answerByHand?: readonly string[];
  onToggleAnswerByHand?: (tool: string, enabled: boolean) => void;
  /** What a direct call (Try) runs with; the Try button shows only with it. */
  tryContext?: TryContext;
  /** Extra controls under the badges (a server tool's include, defer, mode and approval). */
  controls?: ReactNode;
};

/**
 * One compiled tool as a row: what fits at a glance (identity, description, badges, the gate's
 * verdict) and, while open, its detail. Clicking anywhere on the summary opens or closes it.
 */
export const ToolCard = memo(function ToolCard({ tool, moduleKey, permissionMode, open, onOpenChange, answerByHand, onToggleAnswerByHand, tryContext, controls }: ToolCardProps) {
  const detailId = useId();
  const gate = tool.gate[permissionMode];
  return (
    <article
      data-testid={`tool-card-${tool.qualifiedName}`}
      data-open={open}
      data-source={tool.origin ? 'mcp' : 'module'}
      data-excluded={tool.origin?.excluded === true}
      className={`rounded-lg border border-border bg-panel p-3 shadow-xs ${tool.origin?.excluded ? 'opacity-60' : ''}`}
    >
      {/* The disclosure button is the keyboard control; its click (Enter, Space) bubbles here like a pointer click on the summary. */}
      <header
        className="cursor-pointer"
        onClick={(event) => {
          // A drag that selected text (to copy a name or description) is not a request to toggle.
          if (event.detail > 0 && (window.getSelection()?.toString() ?? '') !== '') return;
          onOpenChange(tool.qualifiedName, !open);
        }}
      >
        <div className="flex min-w-0 items-baseline gap-1.5">
          <h3 className="min-w-0 font-mono text-[13px] font-semibold">
            <button
              type="button"
              data-testid={`tool-row-toggle-${tool.qualifiedName}`}
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              className="flex max-w-full items-baseline gap-1 rounded-sm text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500"
            >
              <span aria-hidden className={`inline-block shrink-0 text-[10px] text-fg-muted transition-transform ${open ? 'rotate-90' : ''}`}>
                ▸
              </span>
              <span data-testid="tool-name" className="min-w-0 truncate" title={tool.qualifiedName}>
                {tool.qualifiedName}
              </span>
            </button>
          </h3>
          {!tool.origin && <span className="shrink-0 font-mono text-[10.5px] text-fg-muted">tools.ts:{tool.line}</span>}
        </div>
        <p className={`mt-0.5 text-xs leading-snug text-fg-muted ${open ? 'break-words' : 'truncate'}`} title={open ? undefined : tool.description}>
          {tool.description}
        </p>
        <div className="mt-2">
          <ToolBadges tool={tool} leading={tool.origin && <ServerBadge origin={tool.origin} />} />
        </div>
        {controls && (
          // Choosing in a control is not a request to open or close the row.
          <div className="mt-2" onClick={(event) => event.stopPropagation()}>
            {controls}
          </div>
        )}
        {gate && (
          <p
            data-testid="gate-preview"
            data-decision={gate.decision}
            className={`mt-2 text-[11.5px] leading-snug ${open ? '' : 'truncate'}`}
            title={open ? undefined : `Gate (${permissionMode}): ${gate.decision} — ${gate.reason}`}
          >
            <span className="text-fg-muted">Gate ({permissionMode}): </span>
            <span className={`font-semibold ${DECISION_STYLE[gate.decision]}`}>{gate.decision}</span>
            <span className="text-fg-muted"> — {gate.reason}</span>
          </p>
        )}
      </header>
      {open && <ToolCardDetail id={detailId} tool={tool} moduleKey={moduleKey} answerByHand={answerByHand} onToggleAnswerByHand={onToggleAnswerByHand} tryContext={tryContext} />}
    </article>
  );
});

/** The server a tool comes from, whether turns leave it out, and whether it reaches beyond the server. */
function ServerBadge({ origin }: { origin: McpToolOrigin }) {
  return (
    <>
    <Badge tone="violet" testId="mcp-server-badge" title={`A tool of the MCP server ${origin.server}, called from the playground's server${origin.excluded ? '; left out of turns' : ''}`}>
      MCP · {origin.server}
      {origin.excluded ? ' · left out' : ''}
    </Badge>
    {origin.external && (
      <Badge tone="amber" title="openWorldHint: the tool reaches beyond the server (the web, other people)">
        external
      </Badge>
    )}
    </>
  );
}
