import type { CallState, IterationState, ToolOutputStatus } from '@/lib/runtime';
import { computeLaneLayout } from '@/lib/timeline';
import { formatDuration } from '@/components/timeline/call';

export type LaneViewProps = {
  iteration: IterationState;
  calls: Record<string, CallState>;
  /** Turn time to draw running calls up to. */
  now: number;
};

const ROW_HEIGHT = 18;

const BAR_COLOURS: Record<ToolOutputStatus | 'running', string> = {
  running: 'bg-blue-500 animate-pulse',
  success: 'bg-emerald-500',
  error: 'bg-red-500',
  timeout: 'bg-amber-500',
  aborted: 'bg-zinc-400',
  denied: 'bg-red-400',
  rejected: 'bg-amber-400',
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** A small Gantt chart: which calls overlapped, and where a sequential call held the others. */
export function LaneView({ iteration, calls, now }: LaneViewProps) {
  const layout = computeLaneLayout({ iteration, calls, now });
  if (layout.rows.every((row) => row.bar === null)) return null;
  const height = layout.rows.length * ROW_HEIGHT;
  return (
    <figure data-testid="lane-view" className="rounded-lg border border-border bg-panel p-2 text-[11px]">
      <figcaption className="mb-1 flex justify-between text-fg-muted">
        <span>
          Lanes · <span className="text-sky-700 dark:text-sky-400">parallel batch</span> ·{' '}
          <span className="text-orange-700 dark:text-orange-400">sequential barrier</span>
        </span>
        <span className="font-mono" title={layout.gaps.length > 0 ? 'Real time from the first call’s start to the last call’s end; the waits marked ⋯ are drawn shortened' : undefined}>
          {formatDuration(layout.span)}
        </span>
      </figcaption>
      <div className="flex">
        <ol className="w-32 shrink-0 pr-2" style={{ height }}>
          {layout.rows.map((row) => (
            <li key={row.callId} className="truncate font-mono text-fg-muted" style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT}px` }} title={row.name}>
              {row.name}
            </li>
          ))}
        </ol>
        <div className="relative min-w-0 flex-1 border-l border-border" style={{ height }}>
          {layout.bands.map((band) => (
            <div
              key={`band-${band.batch}`}
              data-testid="lane-band"
              data-mode={band.mode}
              className={`absolute inset-y-0 ${band.mode === 'parallel' ? 'bg-sky-500/10' : 'bg-orange-500/10'}`}
              style={{ left: percent(band.left), width: percent(band.width) }}
            />
          ))}
          {layout.gaps.map((gap) => (
            <div
              key={`gap-${gap.startAt}`}
              data-testid="lane-gap"
              title={`No call ran for ${formatDuration(gap.endAt - gap.startAt)} (waiting for a person, or for the calls before a barrier): shortened here so the calls stay readable`}
              className="absolute inset-y-0 flex items-center justify-center border-x border-dotted border-fg-muted/40 bg-[repeating-linear-gradient(135deg,transparent_0,transparent_3px,rgb(128_128_128/0.15)_3px,rgb(128_128_128/0.15)_5px)]"
              style={{ left: percent(gap.left), width: percent(gap.width) }}
            >
              <span className="rounded bg-panel px-0.5 font-mono text-[9.5px] leading-none whitespace-nowrap text-fg-muted">⋯ {formatDuration(gap.endAt - gap.startAt)}</span>
            </div>
          ))}
          {layout.barriers.map((barrier) => (
            <div
              key={`barrier-${barrier.callId}`}
              data-testid="lane-barrier"
              title={`${calls[barrier.callId]?.name ?? barrier.callId} starts alone here`}
              className="absolute inset-y-0 w-px border-l border-dashed border-orange-500"
              style={{ left: percent(barrier.left) }}
            />
          ))}
          {layout.rows.map((row) =>
            row.bar ? (
              <div
                key={row.callId}
                data-testid={`lane-bar-${row.callId}`}
                title={`${row.name}: ${formatDuration(row.bar.endAt - row.bar.startAt)}`}
                className={`absolute h-2.5 min-w-[2px] rounded-sm ${BAR_COLOURS[row.bar.running ? 'running' : (row.status ?? 'success')]}`}
                style={{ top: row.row * ROW_HEIGHT + 4, left: percent(row.bar.left), width: percent(row.bar.width) }}
              />
            ) : null,
          )}
        </div>
      </div>
    </figure>
  );
}
