'use client';

import { useMemo } from 'react';
import { reduceRuntimeEvents, type TimelineState } from '@/lib/runtime/reduce-runtime-events';
import type { RuntimeEvent } from '@/lib/runtime/runtime-event';
import { ContextMeter } from './context-meter';
import { IterationSection } from './iteration-section';
import { TurnEndBanner } from './turn-end-banner';
import { TurnHeader } from './turn-header';
import { useTurnClock } from './use-turn-clock';
import type { CallActions } from './call-actions';

export type TimelineProps = {
  /** Events as received, in order; several turns are shown one after another. */
  events: readonly RuntimeEvent[];
  /** Whether a turn's stream is still open. */
  running: boolean;
  actions: CallActions;
};

function groupByTurn(events: readonly RuntimeEvent[]): RuntimeEvent[][] {
  const groups = new Map<string, RuntimeEvent[]>();
  for (const event of events) {
    const group = groups.get(event.turnId);
    if (group) group.push(event);
    else groups.set(event.turnId, [event]);
  }
  return [...groups.values()];
}

type TurnTimelineProps = { state: TimelineState; streaming: boolean; actions: CallActions };

function TurnTimeline({ state, streaming, actions }: TurnTimelineProps) {
  const live = streaming && state.status === 'running';
  const now = useTurnClock(state.lastAt, live);
  return (
    <div className="space-y-4">
      {state.turn && <TurnHeader turn={state.turn} tools={state.tools} deferralNote={state.deferralNote} />}
      <ContextMeter tokens={state.toolTokens} toolCount={state.tools.length} deferredCount={state.tools.filter((tool) => tool.deferred).length} />
      {state.iterations.map((iteration) => (
        <IterationSection key={iteration.iteration} iteration={iteration} calls={state.calls} now={now} actions={actions} />
      ))}
      {state.end && <TurnEndBanner end={state.end} />}
      {!state.end && !streaming && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          The stream closed before the turn ended; the events above are everything that arrived.
        </p>
      )}
    </div>
  );
}

/** The live timeline of one or more turns, a pure reduction of their events. */
export function Timeline({ events, running, actions }: TimelineProps) {
  const turns = useMemo(() => groupByTurn(events).map((group) => reduceRuntimeEvents(group)), [events]);
  if (turns.length === 0) {
    return (
      <div data-testid="timeline" data-state={running ? 'starting' : 'empty'} className="px-1 py-6 text-sm text-fg-muted">
        {running ? (
          <p>Starting the turn…</p>
        ) : (
          <p>
            Press <span className="font-medium text-fg">Run</span> to start a turn, or pick a preset. Each model response and
            every call the runtime handled will appear here: repairs, validation, permissions, overlap and the exact output.
          </p>
        )}
      </div>
    );
  }
  return (
    <div data-testid="timeline" data-state={running ? 'running' : 'idle'} className="space-y-6">
      {turns.map((state, index) => (
        <TurnTimeline
          key={state.turn?.turnId ?? index}
          state={state}
          streaming={running && index === turns.length - 1}
          actions={actions}
        />
      ))}
    </div>
  );
}
