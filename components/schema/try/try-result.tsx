'use client';

import { useMemo } from 'react';
import { reduceRuntimeEvents } from '@/lib/runtime';
import { CallCard, type CallActions } from '@/components/timeline/call';
import type { ToolCallRun } from './use-tool-call-runner';

/** The call card of one Try, reduced from its events like the timeline's, plus what went wrong outside it. */
export function TryResult({ run, actions }: { run: ToolCallRun; actions: CallActions }) {
  const timeline = useMemo(() => reduceRuntimeEvents(run.events), [run.events]);
  if (run.status === 'idle') return null;
  const call = Object.values(timeline.calls)[0];
  const endError = timeline.end?.reason === 'error' ? timeline.end.error : undefined;
  return (
    <div data-testid="try-result" data-status={run.status} data-turn-id={timeline.turn?.turnId} className="space-y-1.5">
      {call?.direct?.loadedDeferred && (
        <p data-testid="try-loaded-deferred" className="text-[11px] text-blue-700 dark:text-blue-400">
          Deferred tool: loaded for this call without Tool Search. A model would have to find it with tool_search first.
        </p>
      )}
      {call && <CallCard call={call} position={1} actions={actions} />}
      {!call && run.status === 'running' && !run.problem && <p className="text-[11px] text-fg-muted">Starting the sandbox…</p>}
      {endError && (
        <p data-testid="try-error" className="text-[11px] text-red-700 dark:text-red-400">
          {endError}
        </p>
      )}
      {run.problem && (
        <p data-testid="try-error" role="alert" className="break-words text-[11px] text-red-700 dark:text-red-400">
          {run.problem}
        </p>
      )}
    </div>
  );
}
