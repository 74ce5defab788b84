import type { TurnEnd, TurnEndReason } from '@/lib/runtime';

const REASON_TITLES: Record<TurnEndReason, string> = {
  completed: 'Turn completed',
  'tool-ended': 'A tool ended the turn',
  'max-iterations': 'Stopped at the iteration limit',
  aborted: 'Turn stopped',
  error: 'Turn failed',
};

const REASON_STYLES: Record<TurnEndReason, string> = {
  completed: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
  'tool-ended': 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
  'max-iterations': 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
  aborted: 'border-border bg-panel-muted text-fg',
  error: 'border-red-400 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
};

/** How the turn ended: the final answer or result, or the reason it stopped, errors loudest. */
export function TurnEndBanner({ end }: { end: TurnEnd }) {
  return (
    <section
      data-testid="turn-end"
      data-reason={end.reason}
      role={end.reason === 'error' ? 'alert' : undefined}
      className={`space-y-1.5 rounded-lg border p-3 text-sm ${REASON_STYLES[end.reason]}`}
    >
      <p className="flex items-baseline justify-between gap-2 font-semibold">
        {REASON_TITLES[end.reason]}
        <span className="font-mono text-[11px] font-normal opacity-70">
          {end.iterations} iteration{end.iterations === 1 ? '' : 's'} · {Math.round(end.at)} ms
        </span>
      </p>
      {end.error && <p className="whitespace-pre-wrap break-words font-mono text-xs">{end.error}</p>}
      {end.finalText && (
        <p data-testid="final-text" className="whitespace-pre-wrap">
          {end.finalText}
        </p>
      )}
      {end.result !== undefined && <p className="text-xs font-medium opacity-80">Result</p>}
      {end.result !== undefined && (
        <pre data-testid="turn-result" className="overflow-auto rounded bg-black/5 px-2 py-1 font-mono text-xs dark:bg-white/5">
          {JSON.stringify(end.result, null, 2)}
        </pre>
      )}
    </section>
  );
}
