import type { JsonValue, RepairRung, RuntimeEvent, RuntimeEventOf, ToolInputErrorCode, ToolOutputStatus, TurnMode } from '@/lib/runtime';

/** What became of a call that did not run: rejected before the gate, or denied by it. */
export type CallRefusal =
  | { kind: 'rejected'; code: ToolInputErrorCode | undefined; message: string }
  | { kind: 'denied'; by: 'permission' | 'human' | 'timeout' | 'abort'; reason: string };

/** One call the model proposed (or a person made directly), in the order it was proposed. */
export type TurnCall = {
  /** Index of the turn in the session. */
  turn: number;
  callId: string;
  name: string;
  /** The model request (1-based) whose response proposed it; 0 for a call a person made directly. */
  iteration: number;
  /** The repair rungs that changed its arguments, in order (empty when none did). */
  repairs: RepairRung[];
  /** The arguments as the model sent them, before any repair. */
  rawArguments: string;
  /** The arguments as validated (repaired when they needed it); absent when the call was rejected before. */
  input?: JsonValue;
  status?: ToolOutputStatus;
  refusal?: CallRefusal;
};

/** The facts of one turn that assertions read. */
export type TurnSummary = {
  turn: number;
  mode: TurnMode | undefined;
  calls: TurnCall[];
  /** Model requests: `turn-end.iterations`, else the `model-request` events counted. */
  iterations: number;
  /** Sum of `usage.totalTokens` over the turn's responses. */
  totalTokens: number;
  responses: number;
  /** Responses that reported no usage (counted as 0 tokens). */
  responsesWithoutUsage: number;
  end: RuntimeEventOf<'turn-end'> | undefined;
};

/** Reads a turn's events into the calls it proposed (each with what became of it), its iterations, tokens and ending. */
export function summarizeTurnEvents(turn: number, events: readonly RuntimeEvent[]): TurnSummary {
  const calls = new Map<string, TurnCall>();
  const inputErrors = new Map<string, RuntimeEventOf<'tool-input-error'>>();
  const denials = new Map<string, CallRefusal>();
  const summary: TurnSummary = { turn, mode: undefined, calls: [], iterations: 0, totalTokens: 0, responses: 0, responsesWithoutUsage: 0, end: undefined };
  let requests = 0;
  const propose = (call: { callId: string; name: string; arguments: string }, iteration: number) => {
    const proposed: TurnCall = { turn, callId: call.callId, name: call.name, iteration, repairs: [], rawArguments: call.arguments };
    calls.set(call.callId, proposed);
    summary.calls.push(proposed);
  };
  for (const event of events) {
    switch (event.type) {
      case 'turn-start':
        summary.mode = event.mode;
        break;
      case 'model-request':
        requests += 1;
        break;
      case 'model-response':
        summary.responses += 1;
        if (event.usage) summary.totalTokens += event.usage.totalTokens;
        else summary.responsesWithoutUsage += 1;
        for (const call of event.calls) propose(call, event.iteration);
        break;
      case 'tool-call-direct':
        propose(event.call, 0);
        break;
      case 'tool-input-available': {
        const call = calls.get(event.callId);
        if (call) call.input = event.input;
        break;
      }
      case 'tool-input-repair': {
        const call = calls.get(event.callId);
        if (call) call.repairs.push(...event.repairs.map((step) => step.rung));
        break;
      }
      case 'tool-input-error':
        inputErrors.set(event.callId, event);
        break;
      case 'tool-permission':
        if (event.decision === 'deny') denials.set(event.callId, { kind: 'denied', by: 'permission', reason: event.reason });
        break;
      case 'tool-approval-response':
        if (!event.approved) denials.set(event.callId, { kind: 'denied', by: event.decidedBy, reason: event.reason ?? `not approved (${event.decidedBy})` });
        break;
      case 'tool-output': {
        const call = calls.get(event.callId);
        if (!call) break;
        call.status = event.status;
        if (event.status === 'rejected') {
          const error = inputErrors.get(event.callId);
          call.refusal = { kind: 'rejected', code: error?.code, message: error?.message ?? event.output };
        } else if (event.status === 'denied') {
          call.refusal = denials.get(event.callId) ?? { kind: 'denied', by: 'permission', reason: event.output };
        }
        break;
      }
      case 'turn-end':
        summary.end = event;
        break;
      default:
        break;
    }
  }
  summary.iterations = summary.end?.iterations ?? requests;
  return summary;
}
