import type { GroupSummary } from '@/lib/evaluation';

/** Where a run opens, and which runs are picked for Compare. */
export type RunLinks = {
  /** `/s/<id>` of the run's session; `null` while it is not stored yet. */
  sessionHref: (runId: string) => string | null;
  /** The run's name in sentences: its model × variant and number, `auto · B #3`. */
  runName: (runId: string) => string;
  picked: readonly string[];
  onPick: (runId: string) => void;
};

/** Every run of a group as a chip, green when every assertion held, red when one failed; a chip opens the run, its box picks it for Compare. */
export function RunChips({ group, links }: { group: GroupSummary; links: RunLinks }) {
  const failing = new Set(group.failingRunIds);
  const graded = group.allAssertions !== null;
  return (
    <ul aria-label={`Runs of ${group.model} · ${group.variant}`} className="flex flex-wrap gap-1">
      {group.runIds.map((runId) => {
        const failed = failing.has(runId);
        const href = links.sessionHref(runId);
        const picked = links.picked.includes(runId);
        const tone = !graded
          ? 'border-border'
          : failed
            ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300'
            : 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-300';
        const name = links.runName(runId);
        const number = group.runIds.indexOf(runId) + 1;
        return (
          <li key={runId} data-testid="run-chip" data-run={runId} data-failed={failed ? 'true' : 'false'} className={`flex items-center rounded border font-mono text-[10.5px] tabular-nums ${tone} ${picked ? 'ring-2 ring-accent' : ''}`}>
            <input
              type="checkbox"
              aria-label={`Pick ${name} for Compare`}
              checked={picked}
              disabled={href === null}
              onChange={() => links.onPick(runId)}
              className="ml-1 h-3 w-3 accent-[var(--accent)]"
            />
            {href ? (
              <a href={href} target="_blank" rel="noopener" className="px-1 py-px hover:underline" title={`Open ${name} as a session${failed ? ' (an assertion failed)' : ''}`}>
                #{number}
              </a>
            ) : (
              <span className="px-1 py-px">#{number}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
