import type { ReactNode } from 'react';

/** Colour families for badges; each works on light and dark panels. */
export type BadgeTone = 'neutral' | 'blue' | 'green' | 'amber' | 'red' | 'violet';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-border bg-panel-muted text-fg-muted',
  blue: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-300',
  green: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-300',
  amber: 'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-300',
  red: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300',
  violet: 'border-violet-200 bg-violet-50 text-violet-800 dark:border-violet-900 dark:bg-violet-950/60 dark:text-violet-300',
};

export type BadgeProps = { tone?: BadgeTone; title?: string; testId?: string; children: ReactNode; data?: Record<string, string> };

export function Badge({ tone = 'neutral', title, testId, children, data }: BadgeProps) {
  const dataAttributes = Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return (
    <span
      title={title}
      data-testid={testId}
      {...dataAttributes}
      className={`inline-flex items-center rounded border px-1.5 py-px font-mono text-[10.5px] leading-4 ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
