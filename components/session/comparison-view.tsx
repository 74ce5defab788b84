'use client';

import { Fragment } from 'react';
import {
  describeCallDifference,
  describeResponseDifference,
  describeTurnEndDifference,
  describeTurnStartDifference,
  type ContentDiff,
  type JsonChange,
  formatJsonPath,
  type CallAlignment,
  type IterationComparison,
  type RunComparison,
  type RunTotals,
  type TurnComparison,
} from '@/lib/compare';

const VALUE_CHARS = 120;

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

function describeJsonChange(change: JsonChange): string {
  const path = formatJsonPath(change.path) || '(whole value)';
  if (change.kind === 'added') return `${path}: added ${show(change.b)}`;
  if (change.kind === 'removed') return `${path}: removed ${show(change.a)}`;
  return `${path}: ${show(change.a)} → ${show(change.b)}`;
}

/** Every structural change of an argument or output diff, not only the first. */
function ContentChanges({ diff }: { diff: ContentDiff }) {
  if (diff.kind === 'text') {
    return (
      <p className="font-mono text-[11px] text-fg-muted">
        line {diff.line}, column {diff.column}: {show(diff.a.excerpt)} → {show(diff.b.excerpt)} ({diff.a.length} → {diff.b.length} characters)
      </p>
    );
  }
  return (
    <ul className="font-mono text-[11px] text-fg-muted">
      {diff.changes.map((change, index) => (
        <li key={index} data-testid="json-change">
          {describeJsonChange(change)}
        </li>
      ))}
      {diff.truncated > 0 && <li>… and {diff.truncated} more changes</li>}
    </ul>
  );
}

function CallRow({ call, labels }: { call: CallAlignment; labels: RunComparison['labels'] }) {
  if (call.kind !== 'matched') {
    const only = call.kind === 'deleted' ? labels.a : labels.b;
    return (
      <li data-testid="compare-call" data-kind={call.kind} className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs dark:border-amber-900 dark:bg-amber-950/30">
        <span className="font-mono">{call.name}</span> <span className="text-fg-muted">only in {only}</span>
      </li>
    );
  }
  const differs = call.differences.length > 0;
  return (
    <li
      data-testid="compare-call"
      data-kind={differs ? 'changed' : 'same'}
      className={`rounded border px-2 py-1 text-xs ${differs ? 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30' : 'border-border'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono">{call.name}</span>
        {!differs && <span className="text-emerald-700 dark:text-emerald-400">same</span>}
        {call.moved && <span className="text-fg-muted">(proposed in another order)</span>}
        {call.durationMs && (
          <span className="ml-auto font-mono text-[11px] text-fg-muted">
            {Math.round(call.durationMs.a ?? 0)} → {Math.round(call.durationMs.b ?? 0)} ms
          </span>
        )}
      </p>
      {call.differences.map((difference, index) => (
        <div key={index} className="mt-0.5">
          <p className="text-red-800 dark:text-red-300">{describeCallDifference(difference, labels).text}</p>
          {(difference.field === 'arguments' || difference.field === 'output') && <ContentChanges diff={difference.diff} />}
        </div>
      ))}
    </li>
  );
}

function IterationBlock({ iteration, labels }: { iteration: IterationComparison; labels: RunComparison['labels'] }) {
  const { response } = iteration;
  return (
    <section data-testid="compare-iteration" data-diverges={iteration.diverges ? 'true' : 'false'} className="space-y-1">
      <h4 className="flex flex-wrap items-baseline gap-x-2 text-xs font-medium">
        Iteration {iteration.iteration}
        {iteration.presence !== 'both' && <span className="font-normal text-amber-700 dark:text-amber-400">only in {iteration.presence === 'a' ? labels.a : labels.b}</span>}
        {response.usage && (
          <span className="font-mono text-[11px] font-normal text-fg-muted">
            tokens {response.usage.a?.totalTokens ?? '–'} → {response.usage.b?.totalTokens ?? '–'}
          </span>
        )}
        {response.timing && (
          <span className="font-mono text-[11px] font-normal text-fg-muted">
            {response.timing.a?.durationMs ?? '–'} → {response.timing.b?.durationMs ?? '–'} ms
          </span>
        )}
      </h4>
      {response.differences.map((difference, index) => (
        <p key={index} className="text-xs text-red-800 dark:text-red-300">
          {describeResponseDifference(difference).text}
        </p>
      ))}
      {iteration.calls.length === 0 && response.differences.length === 0 && iteration.presence === 'both' && (
        <p className="text-xs text-emerald-700 dark:text-emerald-400">The same answer, no tool calls.</p>
      )}
      {iteration.calls.length > 0 && (
        <ol className="space-y-1">
          {iteration.calls.map((call, index) => (
            <CallRow key={index} call={call} labels={labels} />
          ))}
        </ol>
      )}
    </section>
  );
}

function TurnBlock({ turn, labels }: { turn: TurnComparison; labels: RunComparison['labels'] }) {
  const notes = [...turn.start.map((difference) => describeTurnStartDifference(difference).text), ...turn.end.map((difference) => describeTurnEndDifference(difference).text)];
  return (
    <section data-testid="compare-turn" data-diverges={turn.diverges ? 'true' : 'false'} className="space-y-2 rounded-md border border-border bg-panel p-2">
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-xs font-semibold">
        Turn {turn.turnIndex + 1}
        {turn.presence !== 'both' && <span className="font-normal text-amber-700 dark:text-amber-400">only in {turn.presence === 'a' ? labels.a : labels.b}</span>}
        <span className={`font-normal ${turn.diverges ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}>{turn.diverges ? 'differs' : 'same'}</span>
        {turn.a && turn.b && (
          <span className="ml-auto font-normal text-fg-muted">
            {turn.a.reason ?? '–'} → {turn.b.reason ?? '–'} · {turn.a.iterations} → {turn.b.iterations} iterations
          </span>
        )}
      </h3>
      {notes.map((note, index) => (
        <p key={index} className="text-xs text-red-800 dark:text-red-300">
          {note}
        </p>
      ))}
      {turn.iterations.map((iteration) => (
        <IterationBlock key={iteration.iteration} iteration={iteration} labels={labels} />
      ))}
    </section>
  );
}

const TOTAL_ROWS: [keyof RunTotals, string][] = [
  ['turns', 'turns'],
  ['iterations', 'iterations'],
  ['calls', 'calls'],
  ['totalTokens', 'tokens'],
  ['modelMs', 'model ms'],
  ['toolMs', 'tool ms'],
];

/** Two runs lined up: the first divergence in a sentence, the totals side by side, then every turn, iteration and call. */
export function ComparisonView({ comparison }: { comparison: RunComparison }) {
  const { labels, firstDivergence, totals } = comparison;
  return (
    <div data-testid="comparison" className="space-y-3">
      {firstDivergence ? (
        <p data-testid="first-divergence" className="rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <span className="font-semibold">First divergence · </span>
          {firstDivergence.sentence}
        </p>
      ) : (
        <p data-testid="first-divergence" data-identical="true" className="text-xs font-semibold text-emerald-700 dark:text-emerald-400">
          No divergence: the two runs agree in every call, output and answer (timings and tokens aside).
        </p>
      )}
      <table className="text-left font-mono text-[11px]">
        <thead className="text-fg-muted">
          <tr>
            <th className="pr-4 font-medium" />
            <th className="pr-4 font-medium">{labels.a}</th>
            <th className="pr-4 font-medium">{labels.b}</th>
          </tr>
        </thead>
        <tbody>
          {TOTAL_ROWS.map(([key, label]) => (
            <tr key={key} className={totals.a[key] === totals.b[key] ? '' : 'text-fg'}>
              <td className="pr-4 text-fg-muted">{label}</td>
              <td className="pr-4">{Math.round(totals.a[key]).toLocaleString('en-US')}</td>
              <td className="pr-4">{Math.round(totals.b[key]).toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {comparison.turns.map((turn) => (
        <Fragment key={turn.turnIndex}>
          <TurnBlock turn={turn} labels={labels} />
        </Fragment>
      ))}
    </div>
  );
}
