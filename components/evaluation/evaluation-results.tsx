'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { EvaluationSummary } from '@/lib/evaluation';
import { GroupCard } from './group-card';
import { describeGroup } from './group-palette';
import { PassKChart } from './pass-k-chart';
import type { RunLinks } from './run-chips';

export type EvaluationResultsProps = {
  summary: EvaluationSummary;
  assertionLabels: readonly string[];
  /** The session id each stored run opens as; runs not stored yet are absent. */
  sessionIds: ReadonlyMap<string, string>;
  /** Share, Replay, Run again, exports: whatever the page offers beside the results. */
  toolbar?: ReactNode;
};

/** An evaluation's results: the A/B sentences, the pass^k chart, one card per model × variant, failing runs and Compare one click away. */
export function EvaluationResults({ summary, assertionLabels, sessionIds, toolbar }: EvaluationResultsProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const [plotted, setPlotted] = useState<number | 'all'>('all');
  // Runs are numbered within their model × variant, in the order they ended.
  const numbers = useMemo(() => new Map(summary.groups.flatMap((group) => group.runIds.map((runId, index) => [runId, `${describeGroup(group)} #${index + 1}`] as const))), [summary]);
  const sessionHref = (runId: string) => {
    const id = sessionIds.get(runId);
    return id === undefined ? null : `/s/${id}`;
  };
  const links: RunLinks = {
    sessionHref,
    runName: (runId) => numbers.get(runId) ?? runId,
    picked,
    // Picking a third run lets go of the oldest pick, so two are always the latest two.
    onPick: (runId) => setPicked((current) => (current.includes(runId) ? current.filter((other) => other !== runId) : [...current, runId].slice(-2))),
  };
  const failing = summary.groups.flatMap((group) => group.failingRunIds).find((runId) => sessionHref(runId) !== null);
  const [first, second] = picked.map(sessionIds.get.bind(sessionIds));
  const plottedLabel = plotted === 'all' ? (assertionLabels.length === 1 ? (assertionLabels[0] ?? '') : 'every assertion') : (assertionLabels[plotted] ?? '');
  return (
    <div data-testid="evaluation-results" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {failing !== undefined ? (
          <a data-testid="open-failing-run" href={sessionHref(failing) ?? undefined} target="_blank" rel="noopener" className={BUTTON_CLASS}>
            Show me a failing run ({numbers.get(failing)})
          </a>
        ) : (
          <span className="text-[11px] text-fg-muted">{summary.groups.some((group) => group.allAssertions) ? 'No run failed an assertion.' : ''}</span>
        )}
        <a
          data-testid="compare-picked-runs"
          aria-disabled={first === undefined || second === undefined}
          href={first !== undefined && second !== undefined ? `/compare/${first}/${second}` : undefined}
          target="_blank"
          rel="noopener"
          className={`${BUTTON_CLASS} ${first === undefined || second === undefined ? 'pointer-events-none opacity-50' : ''}`}
          title="Pick two runs by their boxes; Compare opens them at their first divergence"
        >
          Compare {picked.length === 2 ? `${numbers.get(picked[0] ?? '')} and ${numbers.get(picked[1] ?? '')}` : `(pick ${2 - picked.length} more)`}
        </a>
        <div className="ml-auto flex flex-wrap items-center gap-2">{toolbar}</div>
      </div>
      <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-[minmax(0,600px)_minmax(0,1fr)]">
        <div className="space-y-1.5">
          {assertionLabels.length > 1 && (
            <label className="flex items-center gap-2 text-[11px] text-fg-muted">
              Plot
              <select data-testid="pass-k-assertion" value={String(plotted)} onChange={(event) => setPlotted(event.target.value === 'all' ? 'all' : Number(event.target.value))} className="h-6 rounded border border-border bg-panel px-1 text-[11px] text-fg">
                <option value="all">Every assertion</option>
                {assertionLabels.map((label, index) => (
                  <option key={index} value={index}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <PassKChart groups={summary.groups} assertion={plotted} label={plottedLabel} />
        </div>
        {summary.differences.length > 0 && (
          <ul data-testid="variant-differences" className="space-y-1 rounded-md border border-border bg-panel-muted px-3 py-2 text-xs leading-snug">
            {summary.differences.map((difference) => (
              <li key={`${difference.model}-${difference.assertion}`}>
                <span className="font-semibold">{difference.model}:</span> {difference.sentence}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {summary.groups.map((group) => (
          <GroupCard key={`${group.model}-${group.variant}`} group={group} assertionLabels={assertionLabels} links={links} />
        ))}
      </div>
    </div>
  );
}

export const BUTTON_CLASS = 'inline-flex h-7 items-center rounded-md border border-border bg-panel px-2.5 text-xs font-medium hover:bg-panel-muted';
