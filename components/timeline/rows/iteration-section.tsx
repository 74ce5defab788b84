import type { CallState, IterationState } from '@/lib/runtime';
import { CallCard, type CallActions } from '@/components/timeline/call';
import { DispatchPlanRow } from './dispatch-plan-row';
import { IterationTokensRow } from './iteration-tokens-row';
import { LaneView } from './lane-view';
import { ModelErrorRow } from './model-error-row';
import { ModelRequestRow } from './model-request-row';
import { ModelResponseRow } from './model-response-row';
import { StreamedResponseRow } from './streamed-response-row';
import { ToolSearchRow } from './tool-search-row';
import { ToolsChangedRow } from './tools-changed-row';

export type IterationSectionProps = {
  iteration: IterationState;
  calls: Record<string, CallState>;
  now: number;
  actions: CallActions;
  /** The turn is still running: a response without its `model-response` is still streaming. */
  live?: boolean;
};

/**
 * One loop iteration: request and its context meter, response (growing while it streams), tool
 * searches, dispatch plan, call cards and lanes.
 */
export function IterationSection({ iteration, calls, now, actions, live = false }: IterationSectionProps) {
  const searches = new Map(iteration.searches.map((search) => [search.callId, search]));
  const iterationCalls = iteration.callIds.flatMap((id) => {
    const call = calls[id];
    return call ? [call] : [];
  });
  const toolCallIds = iteration.callIds.filter((id) => !searches.has(id));
  const unlistedSearches = iteration.searches.filter((search) => !iteration.callIds.includes(search.callId));
  const waiting = !iteration.response && !iteration.modelError;
  const streaming = waiting && live;
  const streamedText = !iteration.response && iteration.streamedText && iteration.streamedText.length > 0 ? iteration.streamedText : undefined;
  const streamedCalls = !iteration.response && iterationCalls.some((call) => call.streamedArguments !== undefined);
  return (
    <section data-testid={`iteration-${iteration.iteration}`} className="space-y-2">
      <h3 className="flex items-center gap-2 text-[11px] font-semibold uppercase tracking-wide text-fg-muted">
        Iteration {iteration.iteration}
        <span className="h-px flex-1 bg-border" />
      </h3>
      {iteration.toolChanges?.map((change, index) => (
        <ToolsChangedRow key={index} change={change} />
      ))}
      {iteration.request && <ModelRequestRow iteration={iteration.iteration} request={iteration.request} timing={iteration.response?.timing} unanswered={describeUnanswered(iteration)} />}
      {iteration.request && <IterationTokensRow iteration={iteration.iteration} request={iteration.request} />}
      {waiting && !streamedText && !streamedCalls && <p className="h-5 text-xs text-fg-muted">Waiting for the model…</p>}
      {streamedText && <StreamedResponseRow texts={streamedText} live={streaming} />}
      {iteration.modelError && <ModelErrorRow error={iteration.modelError} />}
      {iteration.response && <ModelResponseRow response={iteration.response} calls={iterationCalls} />}
      {unlistedSearches.map((search) => (
        <ToolSearchRow key={search.callId} search={search} />
      ))}
      {iteration.plan && <DispatchPlanRow plan={iteration.plan} calls={calls} />}
      {iterationCalls.length > 0 && (
        <div className="space-y-2">
          {iterationCalls.map((call, index) => {
            const search = searches.get(call.callId);
            return search ? (
              <ToolSearchRow key={call.callId} search={search} call={call} />
            ) : (
              <CallCard key={call.callId} call={call} position={index + 1} actions={actions} streaming={streaming} />
            );
          })}
        </div>
      )}
      <LaneView iteration={{ ...iteration, callIds: toolCallIds }} calls={calls} now={now} />
    </section>
  );
}

/** A request that failed without any HTTP answer (refused before sending, no key, a network error) recorded no exchange: its reason. */
function describeUnanswered(iteration: IterationState): string | undefined {
  const error = iteration.modelError;
  if (!error || iteration.response || error.code !== 'request-failed' || error.status !== undefined) return undefined;
  return error.message;
}
