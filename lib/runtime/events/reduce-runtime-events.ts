import { applyCallEvent, createCall, queueCall } from './apply-call-event';
import { assertNever } from '../vocabulary/assert-never';
import type { RuntimeEvent, RuntimeEventOf } from './runtime-event';
import type { CallState, IterationState, TimelineState } from './timeline-state';
import { createTimelineState } from './timeline-state';

export type {
  CallApprovalRequest,
  CallApprovalResponse,
  CallInputError,
  CallLog,
  CallOutput,
  CallOutputRequest,
  CallOutputResponse,
  CallPermission,
  CallPhase,
  CallState,
  DispatchBatch,
  IterationRequest,
  IterationState,
  StreamedText,
  TimelineState,
  SandboxStep,
  ToolSearchRecord,
  TurnEnd,
  TurnInfo,
  TurnToolTokens,
} from './timeline-state';
export { createTimelineState } from './timeline-state';

/** Reduces a turn's events, in order, to its timeline. */
export function reduceRuntimeEvents(events: readonly RuntimeEvent[]): TimelineState {
  return events.reduce(applyRuntimeEvent, createTimelineState());
}

/** Applies one event; returns a new state and never mutates the old one. */
export function applyRuntimeEvent(state: TimelineState, event: RuntimeEvent): TimelineState {
  if (event.seq <= state.lastSeq) return state;
  if (state.turn && event.turnId !== state.turn.turnId) return state;
  const stamped: TimelineState = { ...state, lastSeq: event.seq, lastAt: Math.max(state.lastAt, event.at) };
  return applyEventBody(stamped, event);
}

function applyEventBody(state: TimelineState, event: RuntimeEvent): TimelineState {
  switch (event.type) {
    case 'turn-start':
      return {
        ...state,
        status: 'running',
        turn: {
          turnId: event.turnId,
          model: event.model,
          mode: event.mode,
          permissionMode: event.permissionMode,
          maxIterations: event.maxIterations,
          userMessage: event.userMessage,
          ...(event.instructions ? { instructions: event.instructions } : {}),
        },
      };
    case 'sandbox-ready':
      return { ...state, sandbox: { status: 'ready', durationMs: event.durationMs, toolCount: event.toolCount, at: event.at } };
    case 'sandbox-error':
      return { ...state, sandbox: { status: 'failed', code: event.code, message: event.message, diagnostics: event.diagnostics, at: event.at } };
    case 'turn-carried-in':
      return { ...state, carriedIn: { conversationItems: event.conversationItems, files: event.files, loadedTools: event.loadedTools } };
    case 'tools-assembled':
      return { ...state, tools: event.tools, deferralNote: event.deferralNote };
    case 'tools-changed': {
      const { type: _type, turnId: _turnId, seq: _seq, iteration, ...change } = event;
      return updateIteration(state, iteration, (it) => ({ ...it, toolChanges: [...(it.toolChanges ?? []), change] }));
    }
    case 'model-request':
      return applyModelRequest(state, event);
    case 'model-delta':
      return applyModelDelta(state, event);
    case 'model-response':
      return applyModelResponse(state, event);
    case 'tool-call-direct':
      return applyDirectCall(state, event);
    case 'model-error':
      return updateIteration(state, event.iteration, (it) => ({
        ...it,
        modelError: { code: event.code, message: event.message, status: event.status, at: event.at },
      }));
    case 'tool-search':
      return updateIteration(state, event.iteration, (it) => ({
        ...it,
        searches: [
          ...it.searches,
          { callId: event.callId, query: event.query, execution: event.execution, matches: event.matches, at: event.at },
        ],
      }));
    case 'tool-input-repair':
    case 'tool-input-error':
    case 'tool-input-available':
    case 'tool-permission':
    case 'tool-approval-request':
    case 'tool-approval-response':
    case 'tool-output-request':
    case 'tool-output-response':
    case 'tool-elicitation-request':
    case 'tool-elicitation-response':
    case 'tool-call-start':
    case 'tool-call-log':
    case 'tool-output':
      return updateCall(state, event, (call) => applyCallEvent(call, event));
    case 'dispatch-plan':
      return applyDispatchPlan(state, event);
    case 'turn-end': {
      const { type: _type, turnId: _turnId, seq: _seq, conversation, state: carryOut, ...end } = event;
      return { ...state, status: 'ended', end, ...(conversation ? { conversation } : {}), ...(carryOut ? { carryOut } : {}) };
    }
    default:
      return assertNever(event);
  }
}

function applyModelRequest(state: TimelineState, event: RuntimeEventOf<'model-request'>): TimelineState {
  const previous = state.iterations.filter((it) => it.iteration < event.iteration && it.request).at(-1)?.request;
  // Tools a server's listing added before this request (`tools-changed`) were not loaded by a search.
  const relisted = state.iterations.find((it) => it.iteration === event.iteration)?.toolChanges?.flatMap((change) => change.added) ?? [];
  const before = new Set([...(previous?.offeredTools ?? event.offeredTools), ...relisted]);
  const tokens = event.toolTokens;
  const toolTokens = tokens
    ? {
        sent: state.toolTokens.sent + tokens.sent,
        allLoaded: state.toolTokens.allLoaded + tokens.allLoaded,
        requests: state.toolTokens.requests + 1,
      }
    : state.toolTokens;
  return updateIteration({ ...state, toolTokens }, event.iteration, (it) => ({
    ...it,
    request: {
      offeredTools: event.offeredTools,
      newlyOffered: event.offeredTools.filter((name) => !before.has(name)),
      deferredCount: event.deferredCount,
      inputItemCount: event.inputItemCount,
      ...(tokens ? { toolTokens: { sent: tokens.sent, allLoaded: tokens.allLoaded } } : {}),
      ...(event.toolChoice !== undefined ? { toolChoice: event.toolChoice } : {}),
      at: event.at,
    },
  }));
}

function applyModelResponse(state: TimelineState, event: RuntimeEventOf<'model-response'>): TimelineState {
  const calls = { ...state.calls };
  for (const proposed of event.calls) {
    const existing = calls[proposed.callId] ?? createCall(proposed.callId, proposed.name, event.iteration);
    calls[proposed.callId] = {
      ...existing,
      name: proposed.name,
      rawArguments: proposed.arguments,
      ...(proposed.notes && proposed.notes.length > 0 ? { argumentNotes: proposed.notes } : {}),
    };
  }
  const withCalls = { ...state, calls };
  return updateIteration(withCalls, event.iteration, (it) => ({
    ...it,
    response: { responseId: event.responseId, text: event.text, usage: event.usage, ...(event.timing ? { timing: event.timing } : {}), ...(event.servedBy ? { servedBy: event.servedBy } : {}), ...(event.divergence ? { divergence: event.divergence } : {}), at: event.at },
    callIds: mergeIds(
      event.calls.map((c) => c.callId),
      it.callIds,
    ),
  }));
}

/**
 * A streamed piece of the response: text grows its item's entry (items kept in order), arguments
 * grow the call's `streamedArguments`, the call created (and listed) on its first delta so its card
 * shows while it streams. `model-response` then supplies the final content.
 */
function applyModelDelta(state: TimelineState, event: RuntimeEventOf<'model-delta'>): TimelineState {
  if (event.kind === 'text') {
    return updateIteration(state, event.iteration, (it) => {
      const texts = it.streamedText ?? [];
      const existing = texts.find((entry) => entry.item === event.item);
      const grown = existing
        ? texts.map((entry) => (entry === existing ? { item: entry.item, text: entry.text + event.delta } : entry))
        : [...texts, { item: event.item, text: event.delta }].sort((a, b) => a.item - b.item);
      return { ...it, streamedText: grown };
    });
  }
  return updateCall(state, event, (call) => ({ ...call, streamedArguments: (call.streamedArguments ?? '') + event.delta }));
}

/** A call a person proposed: placed like a model's proposal, in an iteration with no request or response. */
function applyDirectCall(state: TimelineState, event: RuntimeEventOf<'tool-call-direct'>): TimelineState {
  const { call: proposed } = event;
  const existing = state.calls[proposed.callId] ?? createCall(proposed.callId, proposed.name, event.iteration);
  const call: CallState = { ...existing, name: proposed.name, rawArguments: proposed.arguments, direct: { loadedDeferred: event.loadedDeferred === true } };
  const withCall = { ...state, calls: { ...state.calls, [proposed.callId]: call } };
  return updateIteration(withCall, event.iteration, (it) => ({ ...it, callIds: mergeIds([proposed.callId], it.callIds) }));
}

function applyDispatchPlan(state: TimelineState, event: RuntimeEventOf<'dispatch-plan'>): TimelineState {
  const calls = { ...state.calls };
  for (const batch of event.batches) {
    for (const callId of batch.callIds) {
      const call = calls[callId];
      if (call) calls[callId] = queueCall(call);
    }
  }
  return updateIteration({ ...state, calls }, event.iteration, (it) => ({
    ...it,
    plan: event.batches.map((b) => ({ mode: b.mode, callIds: [...b.callIds] })),
  }));
}

function createIteration(iteration: number): IterationState {
  return { iteration, callIds: [], searches: [] };
}

function updateIteration(
  state: TimelineState,
  iteration: number,
  update: (it: IterationState) => IterationState,
): TimelineState {
  const index = state.iterations.findIndex((it) => it.iteration === iteration);
  if (index === -1) {
    const iterations = [...state.iterations, update(createIteration(iteration))];
    iterations.sort((a, b) => a.iteration - b.iteration);
    return { ...state, iterations };
  }
  const iterations = [...state.iterations];
  iterations[index] = update(iterations[index] as IterationState);
  return { ...state, iterations };
}

type CallEvent = { callId: string; name: string; iteration: number };

function updateCall(state: TimelineState, event: CallEvent, update: (call: CallState) => CallState): TimelineState {
  const existing = state.calls[event.callId];
  const call = existing ?? createCall(event.callId, event.name, event.iteration);
  const withCall = { ...state, calls: { ...state.calls, [event.callId]: update(call) } };
  if (existing) return withCall;
  return updateIteration(withCall, event.iteration, (it) => ({ ...it, callIds: mergeIds(it.callIds, [event.callId]) }));
}

function mergeIds(first: string[], second: string[]): string[] {
  const seen = new Set(first);
  return [...first, ...second.filter((id) => !seen.has(id))];
}
