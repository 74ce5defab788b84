'use client';

import type { NarrowPanel } from './reveal-panel';

export type NarrowPanelTabsProps = {
  shown: NarrowPanel;
  onShow: (panel: NarrowPanel) => void;
  toolCount: number;
  /** Calls waiting for a person in the current turn: counted on the Run tab while it is behind. */
  waiting: number;
  running: boolean;
};

const TAB_CLASS =
  'flex h-8 items-center gap-1.5 border-b-2 px-3 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-500';

/** Below 1200 px the schema panel and the run panel share a column; these tabs switch between them. */
export function NarrowPanelTabs({ shown, onShow, toolCount, waiting, running }: NarrowPanelTabsProps) {
  const tab = (panel: NarrowPanel, label: string, extra?: React.ReactNode) => (
    <button
      type="button"
      role="tab"
      data-testid={`panel-tab-${panel}`}
      aria-selected={shown === panel}
      aria-controls={`panel-${panel}`}
      onClick={() => onShow(panel)}
      className={`${TAB_CLASS} ${shown === panel ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg'}`}
    >
      {label}
      {extra}
    </button>
  );
  return (
    <div role="tablist" aria-label="Panels" className="flex shrink-0 border-b border-border bg-panel-muted min-[1200px]:hidden">
      {tab('schemas', 'Schemas', <span className="font-normal text-fg-muted">· {toolCount}</span>)}
      {tab(
        'run',
        'Run & timeline',
        <>
          {running && <span aria-label="running" className="size-1.5 animate-pulse rounded-full bg-accent" />}
          {waiting > 0 && shown !== 'run' && (
            <span data-testid="panel-tab-waiting" className="rounded-full bg-violet-600 px-1.5 text-[10px] font-semibold text-white">
              {waiting} waiting
            </span>
          )}
        </>,
      )}
    </div>
  );
}
