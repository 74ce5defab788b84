'use client';

import { useState } from 'react';
import { ComparisonView } from '@/components/session/comparison-view';
import type { ReplayResponse } from '@/lib/sessions';

const MAX_VALUE_CHARS = 160;

function formatValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Per turn: ✓, the number of differences, or "stopped, not run", when the session has more than one turn. */
function TurnVerdicts({ turns }: { turns: ReplayResponse['turns'] }) {
  if (turns.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-1.5 text-[11px]">
      {turns.map((verdict) => (
        <li
          key={verdict.turn}
          data-testid="replay-turn"
          data-identical={verdict.identical ? 'true' : 'false'}
          data-stopped={verdict.stopped ? 'true' : undefined}
          className={`rounded border px-1.5 ${verdict.stopped ? 'border-border text-fg-muted' : verdict.identical ? 'border-emerald-300 text-emerald-800 dark:border-emerald-900 dark:text-emerald-300' : 'border-red-300 text-red-800 dark:border-red-900 dark:text-red-300'}`}
        >
          Turn {verdict.turn + 1} {verdict.stopped ? 'stopped, not run' : verdict.identical ? '✓' : `✗ ${verdict.differences}`}
        </li>
      ))}
    </ul>
  );
}

/** The session's assertions as the replay left them: all passing, or each failing one with why. */
function ReplayAssertions({ verdicts }: { verdicts: ReplayResponse['assertions'] }) {
  if (!verdicts || verdicts.length === 0) return null;
  const failing = verdicts.filter((verdict) => !verdict.pass);
  if (failing.length === 0) {
    return (
      <p data-testid="replay-assertions" data-failing="0" className="text-xs text-emerald-700 dark:text-emerald-400">
        All {verdicts.length} assertions pass on the replay.
      </p>
    );
  }
  return (
    <div data-testid="replay-assertions" data-failing={failing.length} className="text-xs text-red-700 dark:text-red-400">
      <p className="font-semibold">
        {failing.length} of {verdicts.length} assertions fail on the replay:
      </p>
      <ul className="list-inside list-disc">
        {failing.map((verdict) => (
          <li key={verdict.index} data-testid="replay-assertion-failure">
            Assertion {verdict.index + 1}: {verdict.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Replay identical ✓", or each event field the replay produced differently, and the verdict per turn. */
export function ReplayReport({ report }: { report: ReplayResponse }) {
  const [comparing, setComparing] = useState(false);
  const turnCount = report.turns.length;
  const stopped = report.turns.filter((verdict) => verdict.stopped).length;
  if (report.identical && stopped === turnCount) {
    return (
      <p data-testid="replay-result" data-identical="true" data-stopped="true" className="text-xs text-fg-muted">
        <span className="font-semibold">Nothing to replay.</span> {turnCount > 1 ? `All ${turnCount} turns were` : 'This turn was'} stopped while a tool ran or
        a person&apos;s answer was awaited, and nothing recorded says at which moment Stop came, so Replay does not run {turnCount > 1 ? 'them' : 'it'} again.
      </p>
    );
  }
  if (report.identical) {
    return (
      <div className="space-y-1">
        <p data-testid="replay-result" data-identical="true" className="text-xs font-semibold text-emerald-700 dark:text-emerald-400">
          Replay identical ✓{' '}
          <span className="font-normal text-fg-muted">
            — every event {stopped > 0 ? `of the ${turnCount - stopped === 1 ? 'turn' : `${turnCount - stopped} turns`} run ` : turnCount > 1 ? `of all ${turnCount} turns ` : ''}matches the recording, timings aside
            {stopped > 0 ? `; ${stopped === 1 ? 'a turn' : `${stopped} turns`} stopped outside a model request ${stopped === 1 ? 'is' : 'are'} not run again` : ''}.
          </span>
        </p>
        <TurnVerdicts turns={report.turns} />
        <ReplayAssertions verdicts={report.assertions} />
      </div>
    );
  }
  return (
    <div data-testid="replay-result" data-identical="false" className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs font-semibold text-red-700 dark:text-red-400">
        Replay differs: {report.differences.length} difference{report.differences.length === 1 ? '' : 's'}
        {report.comparison && (
          <button
            type="button"
            data-testid="replay-compare"
            aria-expanded={comparing}
            onClick={() => setComparing((value) => !value)}
            className="rounded border border-border px-1.5 text-[11px] font-medium text-fg hover:bg-panel-muted"
          >
            {comparing ? 'Hide the step-by-step comparison' : 'Compare step by step'}
          </button>
        )}
      </p>
      {comparing && report.comparison && (
        <div className="max-h-96 overflow-auto rounded border border-border p-2">
          <ComparisonView comparison={report.comparison} />
        </div>
      )}
      <TurnVerdicts turns={report.turns} />
      <ReplayAssertions verdicts={report.assertions} />
      <div className="max-h-48 overflow-auto rounded border border-border">
        <table className="w-full text-left font-mono text-[11px]">
          <thead className="sticky top-0 bg-panel-muted text-fg-muted">
            <tr>
              <th className="px-2 py-1 font-medium">turn</th>
              <th className="px-2 py-1 font-medium">seq</th>
              <th className="px-2 py-1 font-medium">field</th>
              <th className="px-2 py-1 font-medium">recorded</th>
              <th className="px-2 py-1 font-medium">replayed</th>
            </tr>
          </thead>
          <tbody>
            {report.differences.map((difference, index) => (
              <tr key={index} data-testid="replay-difference" className="border-t border-border align-top">
                <td className="px-2 py-1">{difference.turn + 1}</td>
                <td className="px-2 py-1">{difference.seq}</td>
                <td className="px-2 py-1">{difference.field}</td>
                <td className="px-2 py-1 break-all">{formatValue(difference.recorded)}</td>
                <td className="px-2 py-1 break-all">{formatValue(difference.replayed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
