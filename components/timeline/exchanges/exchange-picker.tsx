'use client';

import type { ReactNode } from 'react';

export type ExchangePickerProps<T> = {
  exchanges: readonly T[];
  selected: number;
  onSelect: (index: number) => void;
  /** What a button says of its exchange. */
  describe: (exchange: T, index: number) => ReactNode;
  testId?: string;
};

/** One button per recorded exchange, the selected one pressed. */
export function ExchangePicker<T>({ exchanges, selected, onSelect, describe, testId }: ExchangePickerProps<T>) {
  return (
    <div className="flex flex-wrap gap-1 text-[11px]">
      {exchanges.map((entry, index) => (
        <button
          key={index}
          type="button"
          aria-pressed={index === selected}
          data-testid={testId}
          onClick={() => onSelect(index)}
          className={`rounded border border-border px-1.5 py-0.5 font-mono ${index === selected ? 'bg-panel-muted text-fg' : 'text-fg-muted hover:text-fg'}`}
        >
          {describe(entry, index)}
        </button>
      ))}
    </div>
  );
}
