import type { RuntimeEvent, RuntimeEventOf } from '@/lib/runtime';
import type { ProposedCall } from './genai-messages';

/** One model request of a turn as its events tell it. */
export type RecordedRequest = {
  iteration: number;
  requestAt: number;
  response?: RuntimeEventOf<'model-response'>;
  error?: RuntimeEventOf<'model-error'>;
  /** When the request ended: its response, its error, or the turn's end when it was cut off. */
  endAt: number;
};

/** One proposed call and what became of it. */
export type RecordedCall = ProposedCall & {
  iteration: number;
  /** When it started to run, or when the runtime refused or answered it (no run). */
  startAt: number;
  endAt: number;
  output?: RuntimeEventOf<'tool-output'>;
  /** The matches of a search the runtime or the provider ran, for a `tool_search` call. */
  matches?: string[];
  permission?: RuntimeEventOf<'tool-permission'>['decision'];
  repairs?: string[];
  logs: { at: number; level: string; message: string }[];
};

export type RecordedTurn = { requests: RecordedRequest[]; calls: RecordedCall[]; turnEnd?: RuntimeEventOf<'turn-end'>; turnStart?: RuntimeEventOf<'turn-start'> };

/** A turn's model requests and calls, in the order the model made them, read from its events. */
export function collectTurnCalls(events: readonly RuntimeEvent[]): RecordedTurn {
  const requests = new Map<number, RecordedRequest>();
  const calls = new Map<string, RecordedCall>();
  const turn: RecordedTurn = { requests: [], calls: [] };
  for (const event of events) {
    switch (event.type) {
      case 'turn-start':
        turn.turnStart = event;
        break;
      case 'turn-end':
        turn.turnEnd = event;
        break;
      case 'model-request':
        requests.set(event.iteration, { iteration: event.iteration, requestAt: event.at, endAt: event.at });
        break;
      case 'model-response':
      case 'model-error':
        recordAnswer(requests, event);
        if (event.type === 'model-response') for (const call of event.calls) calls.set(call.callId, { ...pickCall(call), iteration: event.iteration, startAt: event.at, endAt: event.at, logs: [] });
        break;
      case 'tool-call-direct':
        calls.set(event.call.callId, { ...pickCall(event.call), iteration: event.iteration, startAt: event.at, endAt: event.at, logs: [] });
        break;
      default:
        recordCallEvent(calls, event);
    }
  }
  const endAt = turn.turnEnd?.at;
  turn.requests = [...requests.values()].map((request) => (request.response || request.error || endAt === undefined ? request : { ...request, endAt }));
  turn.calls = [...calls.values()];
  return turn;
}

function pickCall(call: ProposedCall): ProposedCall {
  return { callId: call.callId, name: call.name, arguments: call.arguments };
}

function recordAnswer(requests: Map<number, RecordedRequest>, event: RuntimeEventOf<'model-response'> | RuntimeEventOf<'model-error'>): void {
  const request = requests.get(event.iteration) ?? { iteration: event.iteration, requestAt: event.at, endAt: event.at };
  requests.set(event.iteration, { ...request, endAt: event.at, ...(event.type === 'model-response' ? { response: event } : { error: event }) });
}

function recordCallEvent(calls: Map<string, RecordedCall>, event: RuntimeEvent): void {
  if (!('callId' in event) || typeof event.callId !== 'string') return;
  const call = calls.get(event.callId);
  if (!call) return;
  switch (event.type) {
    case 'tool-call-start':
      call.startAt = event.at;
      break;
    case 'tool-output':
      call.output = event;
      call.endAt = event.at;
      break;
    case 'tool-search':
      call.matches = event.matches;
      call.endAt = Math.max(call.endAt, event.at);
      break;
    case 'tool-permission':
      call.permission = event.decision;
      break;
    case 'tool-input-repair':
      call.repairs = event.repairs.map((repair) => repair.rung);
      break;
    case 'tool-call-log':
      call.logs.push({ at: event.at, level: event.level, message: event.message });
      break;
    default:
      break;
  }
}
