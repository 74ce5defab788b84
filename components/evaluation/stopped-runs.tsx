import type { StoppedRun } from '@/lib/client/evaluation';

/** The runs Stop caught mid-turn: each opens as the session of what it did until then; none is counted in the results. */
export function StoppedRuns({ runs }: { runs: readonly StoppedRun[] }) {
  if (runs.length === 0) return null;
  return (
    <div data-testid="evaluation-stopped-runs" className="flex flex-wrap items-center gap-1 text-[11px] text-fg-muted">
      <span>
        {runs.length === 1 ? 'Stopped before its turn ended' : `${runs.length} runs stopped before their turn ended`} (not counted; open to see how far {runs.length === 1 ? 'it' : 'each'} got):
      </span>
      <ul className="flex flex-wrap gap-1">
        {runs.map((run) => {
          const name = `${run.model} · ${run.variant} run ${run.run + 1}`;
          return (
            <li key={run.runId} data-testid="stopped-run" data-run={run.runId}>
              <a
                href={`/s/${run.sessionId}`}
                target="_blank"
                rel="noopener"
                title={`Open ${name} as a session: its turn until Stop`}
                className="inline-flex items-center gap-1 rounded border border-dashed border-border px-1 py-px font-mono text-[10.5px] text-fg hover:underline"
              >
                {name}
                <span className="rounded bg-panel-muted px-1 font-sans text-[10px] font-medium uppercase tracking-wide text-fg-muted">stopped</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
