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
    <div className="flex items-end gap-2" data-testid="mcp-tool-controls">
      <label className="flex shrink-0 flex-col items-center text-[10px] text-fg-muted" title="Offer this tool to turns (untick to leave it out)">
        Offer
        <input type="checkbox" data-testid="mcp-tool-include" className="my-1" checked={excluded !== true} onChange={(event) => change({ ...choice, ...(event.target.checked ? {} : { excluded: true }) })} />
      </label>
      <McpChoiceSelects
        choice={choice}
        onChange={(next) => change({ ...next, ...(excluded ? { excluded } : {}) })}
        testIdPrefix="mcp-tool"
        automatic={{ deferLoading: `auto (${tool.deferLoading ? 'deferred' : 'loaded'})`, executionMode: `auto (${tool.executionMode})`, needsApproval: `auto (${tool.needsApproval === false ? 'no' : 'ask'})` }}
      />
    </div>
  );
}
