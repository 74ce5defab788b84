'use client';

import type { Dispatch } from 'react';
import type { PlaygroundAction } from '@/lib/client';
import type { McpServerEntry, SourcedToolSummary } from '@/lib/client/mcp';
import { McpChoiceSelects } from './mcp-choice-selects';

export type McpToolControlsProps = { tool: SourcedToolSummary; entry: McpServerEntry; dispatch: Dispatch<PlaygroundAction> };

/** A server tool's own choices: left in or out of turns, and its deferral, execution mode and approval. */
export function McpToolControls({ tool, entry, dispatch }: McpToolControlsProps) {
  const origin = tool.origin;
  if (!origin) return null;
  const { excluded, ...choice } = entry.toolChoices[origin.tool] ?? {};
  const change = (next: typeof choice & { excluded?: boolean }) => dispatch({ type: 'mcp-tool-choice-changed', id: entry.id, tool: origin.tool, choice: next });
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="mcp-tool-controls">
      <label className="flex items-center gap-1 text-[11px] text-fg-muted">
        <input type="checkbox" data-testid="mcp-tool-include" checked={excluded !== true} onChange={(event) => change({ ...choice, ...(event.target.checked ? {} : { excluded: true }) })} />
        Offer
      </label>
      <McpChoiceSelects
        choice={choice}
        onChange={(next) => change({ ...next, ...(excluded ? { excluded } : {}) })}
        testIdPrefix="mcp-tool"
        automatic={{ deferLoading: 'server’s', executionMode: 'server’s', needsApproval: 'server’s' }}
      />
    </div>
  );
}
