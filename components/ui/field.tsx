import type { ReactNode } from 'react';

/** Shared classes so inputs and selects look alike across panels. */
export const INPUT_CLASS =
  'h-7 w-full rounded-md border border-border bg-panel px-2 text-xs text-fg placeholder:text-fg-muted/70 disabled:opacity-60';

export type FieldProps = { label: string; children: ReactNode; className?: string; hint?: string };

/** A label above its control. */
export function Field({ label, children, className = '', hint }: FieldProps) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <span className="text-[11px] font-medium text-fg-muted" title={hint}>
        {label}
      </span>
      {children}
    </label>
  );
}
