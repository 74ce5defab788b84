'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { CompiledToolSummary } from '@/lib/client/compile';

/** First guesses until a row is measured: a closed summary (name, description, two lines of badges, gate) and an open card. */
const CLOSED_ROW_ESTIMATE_PX = 124;
const OPEN_ROW_ESTIMATE_PX = 520;
/** Matches the rows' `gap-2`. */
const ROW_GAP_PX = 8;
const OVERSCAN_ROWS = 6;

export type VirtualToolRowsProps<Tool extends CompiledToolSummary> = {
  tools: readonly Tool[];
  /** The panel's scrolling element, which also holds what is above the list (diagnostics, banners). */
  scrollElement: HTMLElement | null;
  isOpen: (qualifiedName: string) => boolean;
  renderRow: (tool: Tool) => ReactNode;
};

/** Only the rows in and near the viewport are in the DOM; each is measured, so an opened row just grows. */
export function VirtualToolRows<Tool extends CompiledToolSummary>({ tools, scrollElement, isOpen, renderRow }: VirtualToolRowsProps<Tool>) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useOffsetInScrollContent(listRef, scrollElement);
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => {
      const tool = tools[index];
      return tool && isOpen(tool.qualifiedName) ? OPEN_ROW_ESTIMATE_PX : CLOSED_ROW_ESTIMATE_PX;
    },
    // Sizes are remembered per tool, so filtering and recompiling reuse the measurements.
    getItemKey: (index) => tools[index]?.qualifiedName ?? index,
    gap: ROW_GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const firstStart = items[0]?.start ?? scrollMargin;
  return (
    // The virtualizer corrects the scroll position itself when a row above the viewport resizes; the browser's scroll anchoring would correct it twice.
    <div ref={listRef} className="relative w-full [overflow-anchor:none]" style={{ height: virtualizer.getTotalSize() }}>
      {/* Rows stay in normal flow inside one translated block: a row that grows pushes the next down at once, before it is re-measured. */}
      <div className="absolute inset-x-0 top-0 flex flex-col gap-2" style={{ transform: `translateY(${firstStart - scrollMargin}px)` }}>
        {items.map((item) => {
          const tool = tools[item.index];
          return (
            tool && (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                {renderRow(tool)}
              </div>
            )
          );
        })}
      </div>
    </div>
  );
}

/**
 * Where the list starts inside the scrolled content (the virtualizer's `scrollMargin`), kept
 * current when anything above it (diagnostics, banners) changes height.
 */
function useOffsetInScrollContent(listRef: RefObject<HTMLElement | null>, scrollElement: HTMLElement | null): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !scrollElement) return;
    const measure = () => setOffset(Math.round(list.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top + scrollElement.scrollTop));
    measure();
    // The list moves only when something above it in the scrolled content changes height.
    const observer = new ResizeObserver(measure);
    for (const child of scrollElement.children) {
      if (child.contains(list)) break;
      observer.observe(child);
    }
    return () => observer.disconnect();
  }, [listRef, scrollElement]);
  return offset;
}
