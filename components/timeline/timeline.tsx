'use client';

import { useContext, useMemo, useState } from 'react';
import type { RunState } from '@/lib/client';
import type { McpTape, TapeEntry } from '@/lib/contract';
import type { AppDifference } from '@/lib/sessions';
import { reduceRuntimeEvents, type TimelineState } from '@/lib/runtime';
import { AppDifferencesContext, type CallActions } from '@/components/timeline/call';
import { CarriedInRow, IterationSection, SandboxStepRow } from '@/components/timeline/rows';
import { ContextMeter } from '@/components/timeline/tokens';
import { createTapeExchangesLoader, ExchangesContext, InspectableTurn, McpExchangesRow } from '@/components/timeline/exchanges';
import { TurnEndBanner, TurnHeader, type TurnControls, TurnSection, useTurnClock } from '@/components/timeline/turn';

export type TimelineProps = {
  /** The conversation's turns (the active branch), oldest first. */
  turns: readonly RunState[];
  /** How many turns came before `turns` (a side-by-side column continues the conversation's): the first is numbered after them. */
  earlierTurns?: number;
  /** Whether the newest turn's stream is still open. */
  running: boolean;
  actions: CallActions;
  /** Edit / Fork on each turn's bar; none when absent. */
  turnControls?: TurnControls;
  /**
   * A shared session's recorded turns: the inspector answers from their tapes (the model's and the
   * MCP servers') instead of asking the server, and a call the runtime decided otherwise about than
   * the app a turn was imported from is marked with its note.
   */
  tapes?: readonly { turnId: string; tape: TapeEntry[]; mcp?: McpTape; appDifferences?: readonly AppDifference[] }[];
};

type TurnTimelineProps = { state: TimelineState; streaming: boolean; actions: CallActions; errors: readonly string[] };

function TurnTimeline({ state, streaming, actions, errors }: TurnTimelineProps) {
  const live = streaming && state.status === 'running';
  const now = useTurnClock(state.lastAt, live);
  if (!state.turn) {
    if (!streaming && errors.length > 0) return <TurnRefusal errors={errors} />;
    return <p className="px-1 text-xs text-fg-muted">{streaming ? 'Starting the turn…' : 'No events arrived for this turn.'}</p>;
  }
  return (
    <InspectableTurn state={state}>
      <div className="space-y-4">
        <TurnHeader turn={state.turn} tools={state.tools} deferralNote={state.deferralNote} />
        <McpExchangesRow servers={serversOf(state)} />
        <SandboxStepRow sandbox={state.sandbox} preparing={live && !state.sandbox} />
        {state.carriedIn && <CarriedInRow carriedIn={state.carriedIn} />}
        <ContextMeter tokens={state.toolTokens} toolCount={state.tools.length} deferredCount={state.tools.filter((tool) => tool.deferred).length} />
        {state.iterations.map((iteration) => (
          <IterationSection key={iteration.iteration} iteration={iteration} calls={state.calls} now={now} actions={actions} live={live} />
        ))}
        {state.end && <TurnEndBanner end={state.end} />}
        {!state.end && !streaming && (
          <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            The stream closed before the turn ended; the events above are everything that arrived.
          </p>
        )}
      </div>
    </InspectableTurn>
  );
}

/** A turn the server refused before it started (a limit, a bad request): the reasons it gave, where its events would be. */
function TurnRefusal({ errors }: { errors: readonly string[] }) {
  return (
    <div role="alert" data-testid="turn-refusal" className="rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
      <p className="font-semibold">Not started: the server refused this turn</p>
      {errors.map((error, index) => (
        <p key={index} className="mt-0.5 whitespace-pre-wrap break-words font-mono text-[11px]">
          {error}
        </p>
      ))}
    </div>
  );
}

/**
 * The live timeline of a conversation, a pure reduction of each turn's events. Every turn has a
 * bar; earlier turns start collapsed (the newest is open) and each can be opened or closed.
 */
export function Timeline({ turns, earlierTurns = 0, running, actions, turnControls, tapes }: TimelineProps) {
  const outerExchanges = useContext(ExchangesContext);
  const exchanges = useMemo(() => (tapes ? createTapeExchangesLoader(tapes) : outerExchanges), [tapes, outerExchanges]);
  const states = useMemo(() => turns.map((turn) => reduceRuntimeEvents(turn.events)), [turns]);
  const differences = useMemo(() => groupByCall((tapes ?? []).flatMap((turn) => turn.appDifferences ?? [])), [tapes]);
  // Turns the user opened or closed by hand, by position; the rest follow the default.
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  if (turns.length === 0) {
    return (
      <div data-testid="timeline" data-state="empty" className="px-1 py-6 text-sm text-fg-muted">
        <p>
          Press <span className="font-medium text-fg">Run</span> to start a conversation, or pick a preset. Each model response and
          every call the runtime handled will appear here: repairs, validation, permissions, overlap and the exact output. Follow-up
          messages continue the conversation; files and loaded tools carry over.
        </p>
      </div>
    );
  }
  const newest = turns.length - 1;
  return (
    <ExchangesContext.Provider value={exchanges}>
      <AppDifferencesContext.Provider value={differences}>
        <div data-testid="timeline" data-state={running ? 'running' : 'idle'} data-turns={turns.length} className="space-y-4">
          {turns.map((turn, index) => {
            const state = states[index] as TimelineState;
            const collapsed = toggled.get(index) ?? index !== newest;
            return (
              <TurnSection
                key={turn.turnId ?? `run-${turn.runId}-${index}`}
                index={index}
                number={earlierTurns + index + 1}
                refused={!state.turn && turn.errors.length > 0}
                state={state}
                message={state.turn?.userMessage ?? turn.message}
                collapsed={collapsed}
                onToggle={() => setToggled((current) => new Map(current).set(index, !collapsed))}
                controls={turnControls}
              >
                <TurnTimeline state={state} streaming={running && index === newest} actions={actions} errors={turn.errors} />
              </TurnSection>
            );
          })}
        </div>
      </AppDifferencesContext.Provider>
    </ExchangesContext.Provider>
  );
}

function groupByCall(differences: readonly AppDifference[]): ReadonlyMap<string, readonly AppDifference[]> {
  const byCall = new Map<string, AppDifference[]>();
  for (const difference of differences) byCall.set(difference.callId, [...(byCall.get(difference.callId) ?? []), difference]);
  return byCall;
}

/** The MCP servers whose tools the turn had, in the order their tools were assembled. */
function serversOf(state: TimelineState): string[] {
  return [...new Set(state.tools.flatMap((tool) => (tool.source === 'mcp' && tool.server !== undefined ? [tool.server] : [])))];
}
