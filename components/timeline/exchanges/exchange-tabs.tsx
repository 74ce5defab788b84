'use client';

import type { ReactNode } from 'react';

export type ExchangeTab = 'request' | 'response';

export type ExchangeTabsProps = {
  tab: ExchangeTab;
  onSelect: (tab: ExchangeTab) => void;
  /** Prefix of each tab's test id (`<prefix>-request`, `<prefix>-response`). */
  testIdPrefix: string;
  requestLabel: string;
  /** A response that was never recorded cannot be shown. */
  responseDisabled?: boolean;
  /** The copy buttons at the row's end. */
  actions: ReactNode;
};

/** The Request / Response switch of a raw exchange, with its copy actions beside it. */
export function ExchangeTabs({ tab, onSelect, testIdPrefix, requestLabel, responseDisabled = false, actions }: ExchangeTabsProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <div role="tablist" className="flex gap-1 text-[11px]">
        {(['request', 'response'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            data-testid={`${testIdPrefix}-${name}`}
            disabled={name === 'response' && responseDisabled}
            onClick={() => onSelect(name)}
            className={`rounded px-1.5 py-0.5 disabled:opacity-40 ${tab === name ? 'bg-panel-muted font-medium text-fg' : 'text-fg-muted hover:text-fg'}`}
          >
            {name === 'request' ? requestLabel : 'Response'}
          </button>
        ))}
      </div>
      <span className="ml-auto flex gap-1.5">{actions}</span>
    </div>
  );
}
