import type { RunState } from '@/lib/client';
import { PendingForYou } from './pending-for-you';

const PHASE_LABEL = {
  idle: 'Ready',
  starting: 'Starting…',
  streaming: 'Running',
  stopping: 'Stopping…',
  ended: 'Ended',
} as const;

export type RunStatusProps = {
  run: RunState;
  /** Which turn of the conversation `run` is (1-based); 0 when there is none. */
  turnNumber: number;
  /** Failures that belong to no turn. */
  problems: readonly string[];
  /** The last Run did not start: the line says so instead of describing the turn before it. */
  refused?: boolean;
};

/** The current turn's phase and event count, and every failure the run panel knows of. */
export function RunStatus({ run, turnNumber, problems, refused = false }: RunStatusProps) {
  const last = run.events.at(-1);
  const errors = refused ? [...problems] : [...run.errors, ...problems];
  if (refused) {
    return (
      <div className="space-y-1.5">
        <p data-testid="run-status" data-phase="refused" className="flex items-center gap-2 text-[11px] text-fg-muted" aria-live="polite">
          <span aria-hidden className="size-1.5 rounded-full bg-red-500" />
          <span className="font-medium text-fg">Not started</span>
          <span>· fix what is named below, then Run again</span>
        </p>
        <RunErrors errors={errors} />
      </div>
    );
  }
  const endReason = last?.type === 'turn-end' ? last.reason : null;
  return (
    <div className="space-y-1.5">
      <p data-testid="run-status" data-phase={run.phase} className="flex items-center gap-2 text-[11px] text-fg-muted" aria-live="polite">
        <span
          aria-hidden
          className={`size-1.5 rounded-full ${
            run.phase === 'streaming' || run.phase === 'starting'
              ? 'animate-pulse bg-accent'
              : errors.length > 0 || endReason === 'error'
                ? 'bg-red-500'
                : 'bg-fg-muted/50'
          }`}
        />
        {turnNumber > 1 && <span>Turn {turnNumber} ·</span>}
        <span className="font-medium text-fg">{PHASE_LABEL[run.phase]}</span>
        {endReason && <span>· {endReason}</span>}
        {run.events.length > 0 && <span>· {run.events.length} events</span>}
        {run.turnId && <span className="truncate font-mono">· {run.turnId}</span>}
      </p>
      {run.phase === 'streaming' && <PendingForYou events={run.events} />}
      <RunErrors errors={errors} />
    </div>
  );
}

function RunErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul data-testid="run-errors" role="alert" className="space-y-1">
      {errors.map((message, index) => (
        <li
          key={index}
          data-testid="run-error"
          className="rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs leading-snug break-words text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {message}
        </li>
      ))}
    </ul>
  );
}
