import { assertNever } from '../vocabulary/assert-never';
import type { RuntimeEventOf } from './runtime-event';
import type { CallApprovalRequest, CallApprovalResponse, CallInputError, CallOutputRequest, CallOutputResponse, CallState } from './timeline-state';

/** The events about one call, each of which updates its `CallState`. */
export type CallEvent = RuntimeEventOf<
  | 'tool-input-repair'
  | 'tool-input-error'
  | 'tool-input-available'
  | 'tool-permission'
  | 'tool-approval-request'
  | 'tool-approval-response'
  | 'tool-output-request'
  | 'tool-output-response'
  | 'tool-elicitation-request'
  | 'tool-elicitation-response'
  | 'tool-call-start'
  | 'tool-call-log'
  | 'tool-output'
>;

export function createCall(callId: string, name: string, iteration: number): CallState {
  return { callId, name, iteration, repairs: [], logs: [], phase: 'proposed' };
}

/**
 * Applies one of a call's events. Phases only move forward, so a late or re-ordered event (a
 * plan after an approval request, as a recorded turn may have it) cannot pull a call back; the one backward step is an approval, from `awaiting-approval` to `queued`. A
 * field the call's phase cannot hold is not recorded: a start of a rejected call, an output
 * request or response of a call that has not started.
 */
export function applyCallEvent(call: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'tool-input-repair':
      return { ...call, repairs: [...call.repairs, ...event.repairs] };
    case 'tool-input-error':
      return rejectCall(call, { code: event.code, message: event.message, issues: event.issues ?? [], suggestions: event.suggestions ?? [] });
    case 'tool-input-available':
      return { ...call, input: event.input, restoredInput: event.restoredInput, activity: event.activity ?? call.activity };
    case 'tool-permission': {
      const decided: CallState = { ...call, permission: { decision: event.decision, reason: event.reason, risk: event.risk } };
      return event.decision === 'deny' ? rejectCall(decided) : decided;
    }
    case 'tool-approval-request':
      return requestApproval(call, { input: event.input, reason: event.reason, at: event.at });
    case 'tool-approval-response':
      return settleApproval(call, { approved: event.approved, decidedBy: event.decidedBy, reason: event.reason, at: event.at });
    case 'tool-call-start':
      return startCall(call, { batch: event.batch, startedAt: event.at });
    case 'tool-output-request':
      return requestOutput(call, {
        input: event.input,
        reason: event.reason,
        ...(event.outputSchema === undefined ? {} : { outputSchema: event.outputSchema }),
        at: event.at,
      });
    case 'tool-output-response':
      return answerOutput(call, { decidedBy: event.decidedBy, at: event.at });
    case 'tool-elicitation-request': {
      const { type: _type, turnId: _turnId, seq: _seq, iteration: _iteration, callId: _callId, name: _name, ...asked } = event;
      return { ...call, elicitations: [...(call.elicitations ?? []), asked] };
    }
    case 'tool-elicitation-response': {
      const { elicitationId, action, decidedBy, content, at } = event;
      const response = { action, decidedBy, ...(content === undefined ? {} : { content }), at };
      return { ...call, elicitations: (call.elicitations ?? []).map((asked) => (asked.elicitationId === elicitationId ? { ...asked, response } : asked)) };
    }
    case 'tool-call-log':
      return { ...call, logs: [...call.logs, { level: event.level, message: event.message, at: event.at }] };
    case 'tool-output':
      return {
        ...call,
        phase: 'done',
        output: {
          status: event.status,
          output: event.output,
          summary: event.summary,
          audit: event.audit,
          durationMs: event.durationMs,
          details: event.details,
          endTurn: event.endTurn,
          at: event.at,
        },
      };
    default:
      return assertNever(event);
  }
}

/** The call will not run; one already running or done keeps its phase (and a done one the input error). */
function rejectCall(call: CallState, inputError?: CallInputError): CallState {
  const withError = inputError ? { inputError } : {};
  switch (call.phase) {
    case 'proposed':
    case 'queued':
    case 'awaiting-approval':
    case 'rejected':
      return { ...call, phase: 'rejected', ...withError };
    case 'done':
      return { ...call, ...withError };
    case 'running':
    case 'awaiting-output':
      return call;
    default:
      return assertNever(call);
  }
}

/** A call not yet running waits for the person; a new request replaces an earlier answer. */
function requestApproval(call: CallState, approvalRequest: CallApprovalRequest): CallState {
  switch (call.phase) {
    case 'proposed':
    case 'queued':
    case 'awaiting-approval':
      return { ...call, phase: 'awaiting-approval', approvalRequest, approvalResponse: undefined };
    case 'rejected':
    case 'running':
    case 'awaiting-output':
    case 'done':
      return { ...call, approvalRequest };
    default:
      return assertNever(call);
  }
}

/** Approved: back to waiting for its batch; denied: rejected. A call past that keeps its phase. */
function settleApproval(call: CallState, approvalResponse: CallApprovalResponse): CallState {
  switch (call.phase) {
    case 'proposed':
    case 'awaiting-approval':
      return approvalResponse.approved ? { ...call, phase: 'queued', approvalResponse } : { ...call, phase: 'rejected', approvalResponse };
    case 'queued':
      return { ...call, phase: approvalResponse.approved ? 'queued' : 'rejected', approvalResponse };
    case 'rejected':
    case 'running':
    case 'awaiting-output':
    case 'done':
      return { ...call, approvalResponse };
    default:
      return assertNever(call);
  }
}

function startCall(call: CallState, start: { batch: number; startedAt: number }): CallState {
  switch (call.phase) {
    case 'proposed':
    case 'queued':
    case 'awaiting-approval':
      return { ...call, phase: 'running', ...start };
    case 'running':
    case 'awaiting-output':
    case 'done':
      return { ...call, ...start };
    case 'rejected':
      return call;
    default:
      return assertNever(call);
  }
}

function requestOutput(call: CallState, outputRequest: CallOutputRequest): CallState {
  switch (call.phase) {
    case 'running':
    case 'awaiting-output':
      return { ...call, phase: 'awaiting-output', outputRequest };
    case 'done':
      return { ...call, outputRequest };
    case 'proposed':
    case 'queued':
    case 'awaiting-approval':
    case 'rejected':
      return call;
    default:
      return assertNever(call);
  }
}

function answerOutput(call: CallState, outputResponse: CallOutputResponse): CallState {
  switch (call.phase) {
    case 'awaiting-output':
    case 'done':
      return { ...call, outputResponse };
    case 'proposed':
    case 'queued':
    case 'awaiting-approval':
    case 'rejected':
    case 'running':
      return call;
    default:
      return assertNever(call);
  }
}

/** A planned call waits for its batch; a call already past `proposed` keeps its phase. */
export function queueCall(call: CallState): CallState {
  return call.phase === 'proposed' ? { ...call, phase: 'queued' } : call;
}
