import type { GroupSummary, PassRate, Share, Spread } from '@/lib/evaluation';
import { formatPercent } from '@/lib/evaluation';
import { describeGroup } from './group-palette';
import { RunChips, type RunLinks } from './run-chips';

export type GroupCardProps = {
  group: GroupSummary;
  assertionLabels: readonly string[];
  links: RunLinks;
};

/** One model × variant: pass rates per assertion, call signatures, what became of the calls, and the spreads. */
export function GroupCard({ group, assertionLabels, links }: GroupCardProps) {
  return (
    <section data-testid="evaluation-group" data-group={describeGroup(group)} className="min-w-0 space-y-2.5 rounded-md border border-border bg-panel p-3">
      <header className="flex items-baseline gap-2">
        <h3 className="text-sm font-semibold">{group.model}</h3>
        <span className="rounded border border-border px-1.5 text-[11px] font-medium">variant {group.variant}</span>
        <span className="ml-auto text-[11px] text-fg-muted">
          {group.runIds.length} run{group.runIds.length === 1 ? '' : 's'}
        </span>
      </header>
      <PassRates group={group} labels={assertionLabels} />
      <Signatures group={group} links={links} />
      <CallOutcomes group={group} />
      <Spreads group={group} />
      <RunChips group={group} links={links} />
    </section>
  );
}

function PassRates({ group, labels }: { group: GroupSummary; labels: readonly string[] }) {
  if (!group.allAssertions) return <p className="text-[11px] text-fg-muted">No assertions: add some in the Assertions panel to get pass rates.</p>;
  const rows: Array<[string, PassRate]> = [['Every assertion', group.allAssertions], ...labels.flatMap((label, index): Array<[string, PassRate]> => (group.assertions[index] ? [[label, group.assertions[index]]] : []))];
  const n = group.allAssertions.runs;
  return (
    <table className="w-full table-fixed text-[11px]">
      <thead className="text-fg-muted">
        <tr>
          <th className="w-auto py-0.5 text-left font-medium">assertion</th>
          <th className="w-14 text-right font-medium">passed</th>
          <th className="w-12 text-right font-medium" title="The share of runs that passed">pass@1</th>
          <th className="w-14 text-right font-medium" title={`The chance that all ${n} runs pass`}>
            pass^{n}
          </th>
        </tr>
      </thead>
      <tbody className="font-mono tabular-nums">
        {rows.map(([label, rate], index) => (
          <tr key={index} data-testid="assertion-rate" className={`border-t border-border ${index === 0 ? 'font-semibold' : ''}`}>
            <td className="truncate py-0.5 pr-2 font-sans" title={label}>
              {label}
            </td>
            <td className="text-right">
              {rate.passed}/{rate.runs}
            </td>
            <td className={`text-right ${rate.passAt1 === 1 ? 'text-emerald-700 dark:text-emerald-400' : rate.passAt1 < 0.5 ? 'text-red-700 dark:text-red-400' : ''}`}>{formatPercent(rate.passAt1)}</td>
            <td className="text-right">{formatPercent(rate.passHatK.at(-1) ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Signatures({ group, links }: { group: GroupSummary; links: RunLinks }) {
  const { distinct, frequent } = group.signatures;
  return (
    <div className="space-y-1 text-[11px]">
      <p className="font-medium">
        {distinct} distinct call signature{distinct === 1 ? '' : 's'}
      </p>
      <ol className="space-y-0.5">
        {frequent.slice(0, 3).map((entry) => (
          <li key={entry.signature} data-testid="call-signature" className="flex items-baseline gap-2">
            <span className="w-9 shrink-0 text-right font-mono tabular-nums text-fg-muted">{entry.runs}×</span>
            <a href={links.sessionHref(entry.exampleRunId) ?? undefined} target="_blank" rel="noopener" className="min-w-0 break-words font-mono hover:underline" title="Open a run with this signature">
              {entry.signature}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

function CallOutcomes({ group }: { group: GroupSummary }) {
  const { calls, repaired, repairedByRung, rejected, rejectedByCode, denied } = group.calls;
  const byKey = (entries: Array<Share & { key: string }>) => entries.map((entry) => `${entry.key} ${formatPercent(entry.share)}`).join(', ');
  return (
    <ul data-testid="call-outcomes" className="space-y-0.5 text-[11px]">
      <li>
        <span className="font-medium">{calls} calls</span>
        <span className="text-fg-muted"> · </span>
        <span className="font-medium">rejected</span> <span className="font-mono tabular-nums">{formatPercent(rejected.share)}</span>
        {rejectedByCode.length > 0 && <span className="text-fg-muted"> ({byKey(rejectedByCode.map((entry) => ({ ...entry, key: entry.code })))})</span>}
        <span className="text-fg-muted"> · </span>
        <span className="font-medium">denied</span> <span className="font-mono tabular-nums">{formatPercent(denied.share)}</span>
      </li>
      <li data-testid="repaired-share" title="Calls whose arguments the repair ladder changed; a call two rungs repaired counts once here and under each rung">
        <span className="font-medium">repaired</span> <span className="font-mono tabular-nums">{formatPercent(repaired.share)}</span>
        {repairedByRung.length > 0 && <span className="text-fg-muted"> (by rung: {byKey(repairedByRung.map((entry) => ({ ...entry, key: entry.rung })))})</span>}
      </li>
    </ul>
  );
}

function Spreads({ group }: { group: GroupSummary }) {
  const spread = (label: string, value: Spread, unit: string) => (
    <div className="min-w-0">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-mono tabular-nums">{value ? `${formatNumber(value.p50)}${unit} / ${formatNumber(value.p95)}${unit}` : '–'}</dd>
    </div>
  );
  return (
    <dl data-testid="run-spreads" className="grid grid-cols-3 gap-2 text-[11px]" title="p50 / p95 over the runs">
      {spread('iterations p50/p95', group.iterations, '')}
      {spread('tokens p50/p95', group.totalTokens, '')}
      {spread('latency p50/p95', group.latencyMs, ' ms')}
    </dl>
  );
}

function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
