'use client';

import { useEffect, useRef, useState } from 'react';
import { type DraftListing, sharedSessionOfDraft } from '@/lib/client/drafts';
import { formatSavedAt } from '@/components/playground/drafts';

export type HistoryMenuProps = {
  list: () => Promise<DraftListing[]>;
  onReopen: (id: string) => void;
  /** The draft this tab is writing, marked in the list. */
  currentId: string;
  savedAt: number | null;
};

/** The drafts and runs of this browser, newest first, each reopened with one click (its timeline included). */
export function HistoryMenu({ list, onReopen, currentId, savedAt }: HistoryMenuProps) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<DraftListing[] | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void list().then((listed) => {
      if (!cancelled) setItems(listed);
    });
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      cancelled = true;
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, list]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        data-testid="history-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-saved-at={savedAt ?? undefined}
        title={`Drafts and runs of this browser${savedAt ? ` · this one saved ${new Date(savedAt).toLocaleTimeString()}` : ''}`}
        className="rounded-md border border-border px-2 py-1 text-xs font-medium text-fg hover:bg-panel-muted"
      >
        History
      </button>
      {open && (
        <ul role="menu" data-testid="history-menu" className="absolute right-0 top-full z-50 mt-1 max-h-[70vh] w-[28rem] overflow-auto rounded-lg border border-border bg-panel p-1 shadow-xl">
          {items === null && <li className="px-3 py-2 text-xs text-fg-muted">Loading…</li>}
          {items?.length === 0 && <li className="px-3 py-2 text-xs text-fg-muted">Nothing yet: drafts and runs appear here as you work.</li>}
          {items?.map((item) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                data-testid="history-item"
                data-current={item.id === currentId}
                onClick={() => {
                  setOpen(false);
                  onReopen(item.id);
                }}
                className="block w-full rounded-md px-3 py-2 text-left hover:bg-panel-muted focus-visible:bg-panel-muted"
              >
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate text-xs font-semibold">{item.summary.title}</span>
                  <span className="shrink-0 text-[11px] text-fg-muted">{formatSavedAt(item.savedAt)}</span>
                </span>
                <span className="mt-0.5 block text-[11px] text-fg-muted">
                  {item.summary.model} · {item.summary.turns} turn{item.summary.turns === 1 ? '' : 's'} · {item.summary.outcome}
                  {sharedSessionOfDraft(item.id) !== null ? ' · edits of a shared link' : ''}
                  {item.id === currentId ? ' · this tab' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
