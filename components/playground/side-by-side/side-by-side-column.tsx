'use client';

import { describeModelConfig, isRunActive, canKeepColumn, type PlaygroundState, type SideBySideColumn } from '@/lib/client';
import { selectColumnPlayground } from '@/lib/client';
import { Timeline, type TimelineProps } from '@/components/timeline';
import { ShareButton } from '@/components/session/share-button';

export type SideBySideColumnViewProps = {
  index: number;
  column: SideBySideColumn;
  /** How many turns of the conversation the column continues. */
  earlierTurns: number;
  state: PlaygroundState;
  actions: TimelineProps['actions'];
  picked: boolean;
  onPick: (picked: boolean) => void;
  onStop: () => void;
  onKeep: () => void;
};

/** Where a column's turn is: its phase while it streams, then how it ended (or that its request was refused). */
function describeColumnStatus(column: SideBySideColumn): string {
  const { run } = column;
  if (run.phase === 'starting') return 'starting…';
  if (run.phase === 'stopping') return 'stopping…';
  if (run.phase === 'streaming') return 'streaming';
  const end = run.events.findLast((event) => event.type === 'turn-end');
  if (end?.type === 'turn-end') return end.reason;
  return run.errors.length > 0 ? 'refused' : 'closed';
}

/** One configuration's column: its title and status, Stop, Share, Keep, a Compare pick, its errors and its own timeline. */
export function SideBySideColumnView({ index, column, earlierTurns, state, actions, picked, onPick, onStop, onKeep }: SideBySideColumnViewProps) {
  const { run } = column;
  const active = isRunActive(run);
  const status = describeColumnStatus(column);
  const title = describeModelConfig(column.settings);
  return (
    <section aria-label={`Model ${index + 1}: ${title}`} data-testid={`side-by-side-column-${index}`} data-phase={run.phase} data-status={status} className="flex min-w-0 flex-col rounded-lg border border-border bg-panel">
      <header className="space-y-1.5 border-b border-border px-2.5 py-2">
        <div className="flex items-baseline gap-2">
          <span className="text-[11px] font-semibold text-fg-muted">{index + 1}</span>
          <h3 data-testid="column-title" className="min-w-0 flex-1 truncate text-xs font-semibold" title={title}>
            {title}
          </h3>
          <span data-testid="column-status" className="shrink-0 font-mono text-[11px] text-fg-muted">
            {status}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <label className="mr-auto flex items-center gap-1 text-[11px] text-fg-muted" title="Pick two columns, then Compare opens them side by side step by step">
            <input type="checkbox" data-testid="column-compare-pick" checked={picked} disabled={run.turnId === null || active} onChange={(event) => onPick(event.target.checked)} className="accent-[var(--accent)]" />
            compare
          </label>
          <button type="button" data-testid="column-stop" onClick={onStop} disabled={!active || run.phase === 'stopping'} className="rounded-md border border-border px-2 py-1 text-xs font-medium hover:bg-panel-muted disabled:opacity-40">
            Stop
          </button>
          <ShareButton state={selectColumnPlayground(state, column)} />
          <button
            type="button"
            data-testid="column-keep"
            onClick={onKeep}
            disabled={!canKeepColumn(column)}
            title={canKeepColumn(column) ? 'Continue the conversation from this column: its turn becomes the next turn, the other columns close' : 'A column can be kept once its turn has ended'}
            className="rounded-md bg-accent px-2 py-1 text-xs font-semibold text-accent-fg hover:opacity-90 disabled:opacity-40"
          >
            Keep
          </button>
        </div>
      </header>
      {/* A turn refused before it started says why in its timeline, where its events would be. */}
      {run.errors.length > 0 && run.events.length > 0 && (
        <ul data-testid="column-errors" role="alert" className="space-y-1 border-b border-border bg-red-50 px-2.5 py-1.5 text-xs text-red-800 dark:bg-red-950/40 dark:text-red-300">
          {run.errors.map((error, errorIndex) => (
            <li key={errorIndex} data-testid="column-error" className="break-words">
              {error}
            </li>
          ))}
        </ul>
      )}
      <div className="min-w-0 px-2 py-2">
        <Timeline turns={[run]} earlierTurns={earlierTurns} running={active} actions={actions} />
      </div>
    </section>
  );
}
