'use client';

import dynamic from 'next/dynamic';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PermissionMode } from '@/lib/runtime';
import { createToolFilterIndex, EMPTY_TOOL_FILTER, filterTools, type ToolFilter } from '@/lib/client/compile';
import type { SourcedToolSummary } from '@/lib/client/mcp';
import { ToolCard } from './tool-card';
import type { TryContext } from '@/components/schema/try';
import { useOpenedRows } from './use-opened-rows';

// Only a large module (an imported catalog) is filtered and virtualized, so both load with the first one.
const ToolFilterBar = dynamic(() => import('./tool-filter-bar').then((loaded) => loaded.ToolFilterBar), {
  loading: () => <p className="shrink-0 border-b border-border bg-panel-muted/60 px-3 py-2 text-[11px] text-fg-muted">Loading the filter…</p>,
});
const VirtualToolRows = dynamic(() => import('./virtual-tool-rows').then((loaded) => loaded.VirtualToolRows), {
  loading: () => <p className="text-xs text-fg-muted">Loading the list…</p>,
});

/**
 * Up to this many tools a module is shown as it always was: every card open, all in the DOM, no
 * filter bar. Above it (an imported catalog) rows start closed, are virtualized and can be filtered.
 */
export const SMALL_MODULE_TOOL_LIMIT = 12;

export type ToolListProps = {
  /** The module's tools, then the connected servers' (each with its origin). */
  tools: readonly SourcedToolSummary[];
  /** The compile the module's tools come from (a server's tools carry their own key). */
  moduleKey: string | null;
  /** The tools come from an earlier good compile. */
  stale: boolean;
  /** The tools describe an older source than the editor's. */
  behind: boolean;
  permissionMode: PermissionMode;
  answerByHand?: readonly string[];
  onToggleAnswerByHand?: (tool: string, enabled: boolean) => void;
  tryContext?: TryContext;
  /** Controls shown on a server tool's row (include, defer, execution mode, approval). */
  renderToolControls?: (tool: SourcedToolSummary) => ReactNode;
  /** What scrolls above the rows: diagnostics, banners, empty-module messages. */
  children?: ReactNode;
};

/** The schema panel's filter bar and scrolling list of tool rows. */
export function ToolList({ tools, moduleKey, stale, behind, permissionMode, answerByHand, onToggleAnswerByHand, tryContext, renderToolControls, children }: ToolListProps) {
  const large = tools.length > SMALL_MODULE_TOOL_LIMIT;
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [filter, setFilter] = useState<ToolFilter>(EMPTY_TOOL_FILTER);
  // Typing updates the input at once; the list catches up in an interruptible render.
  const appliedFilter = useDeferredValue(filter);
  const index = useMemo(() => createToolFilterIndex(tools), [tools]);
  // A small module ignores a filter left over from a larger one: its bar is not shown.
  const shown = useMemo(() => (large ? filterTools(index, appliedFilter) : tools), [large, index, appliedFilter, tools]);
  const { isOpen, setOpen } = useOpenedRows(!large);
  const clearFilter = useCallback(() => setFilter(EMPTY_TOOL_FILTER), []);

  useEffect(() => {
    // A new filter result starts at its top, not wherever the previous, longer list was scrolled to.
    if (scrollElement) scrollElement.scrollTop = 0;
  }, [appliedFilter, scrollElement]);

  const renderRow = (tool: SourcedToolSummary) => (
    <ToolCard
      key={tool.qualifiedName}
      tool={tool}
      moduleKey={tool.origin?.moduleKey ?? moduleKey ?? ''}
      controls={renderToolControls?.(tool)}
      permissionMode={permissionMode}
      open={isOpen(tool.qualifiedName)}
      onOpenChange={setOpen}
      answerByHand={answerByHand}
      onToggleAnswerByHand={onToggleAnswerByHand}
      tryContext={tryContext}
    />
  );
  return (
    <>
      {large && <ToolFilterBar filter={filter} onFilterChange={setFilter} index={index} shown={shown.length} pending={filter !== appliedFilter} />}
      <div ref={setScrollElement} className="scroll-stable min-h-0 flex-1 space-y-2 overflow-y-auto p-3">
        <div className="space-y-2 empty:hidden">{children}</div>
        <div
          data-testid="tool-cards"
          data-stale={stale}
          data-behind={behind}
          title={behind ? 'Compiling the current source; these cards are from the previous one.' : undefined}
          className={`space-y-2 transition-opacity ${stale ? 'opacity-55' : behind ? 'opacity-50 delay-300 duration-150' : 'opacity-100 duration-75'}`}
        >
          {large ? <VirtualToolRows tools={shown} scrollElement={scrollElement} isOpen={isOpen} renderRow={renderRow} /> : shown.map(renderRow)}
          {large && shown.length === 0 && (
            <div data-testid="tool-list-empty" className="rounded-lg border border-dashed border-border p-4 text-center text-xs text-fg-muted">
              <p>No tool matches the filter.</p>
              <button type="button" onClick={clearFilter} className="mt-2 rounded border border-border bg-panel px-2 py-0.5 text-[11px] text-fg-muted hover:text-fg">
                Clear the filter
              </button>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
