'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ComparisonView } from '@/components/session/comparison-view';
import { compareRuns, type RunComparison } from '@/lib/compare';
import type { RuntimeEvent } from '@/lib/runtime';
import { fetchSession } from '@/lib/sessions';

type CompareStatus = { kind: 'idle' } | { kind: 'loading' } | { kind: 'shown'; comparison: RunComparison } | { kind: 'failed'; message: string };

export type ForkedSessionNoticeProps = {
  sessionId: string;
  /** This fork's turns as they stand (the active branch), each turn's events. */
  turns: readonly (readonly RuntimeEvent[])[];
};

/** Above a fork: where it came from, that the original stays as it was, and how this fork differs from it. */
export function ForkedSessionNotice({ sessionId, turns }: ForkedSessionNoticeProps) {
  const [status, setStatus] = useState<CompareStatus>({ kind: 'idle' });
  const compare = async () => {
    setStatus({ kind: 'loading' });
    const original = await fetchSession(sessionId);
    if (!original.ok) {
      setStatus({ kind: 'failed', message: `Could not load the original: ${original.error.message}` });
      return;
    }
    const comparison = compareRuns(
      original.value.turns.map((turn) => turn.events),
      turns,
      { labels: { a: 'the original', b: 'this fork' } },
    );
    setStatus({ kind: 'shown', comparison });
  };
  return (
    <div data-testid="forked-session-notice" className="shrink-0 space-y-1.5 border-b border-border bg-panel-muted px-4 py-1.5 text-[11px] text-fg-muted">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>
          Fork of shared session{' '}
          <Link href={`/s/${sessionId}`} className="font-mono text-accent hover:underline">
            {sessionId}
          </Link>{' '}
          — an editable copy; the original link is unchanged. Run, then Share for a link to this version.
        </span>
        <button
          type="button"
          data-testid="compare-with-original"
          disabled={status.kind === 'loading' || turns.length === 0}
          onClick={() => (status.kind === 'shown' ? setStatus({ kind: 'idle' }) : void compare())}
          className="rounded border border-border bg-panel px-1.5 font-medium text-fg hover:bg-panel-muted disabled:opacity-50"
        >
          {status.kind === 'shown' ? 'Hide the comparison' : status.kind === 'loading' ? 'Comparing…' : 'Compare with the original'}
        </button>
      </p>
      {status.kind === 'failed' && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {status.message}
        </p>
      )}
      {status.kind === 'shown' && (
        <div className="max-h-[45vh] overflow-auto rounded border border-border bg-panel p-2 text-fg">
          <ComparisonView comparison={status.comparison} />
        </div>
      )}
    </div>
  );
}
