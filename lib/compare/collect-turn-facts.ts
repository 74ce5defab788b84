import {
  type RepairRung,
  type RuntimeEvent,
  type RuntimeEventOf,
  type ToolInputErrorCode,
  type ToolOutputStatus,
  type JsonValue,
  assertNever,
} from '@/lib/runtime';

/** Everything one turn's events say about one proposed call, gathered by `callId`. */
export type CallFacts = {
  callId: string;
  name: string;
  /** Index in the model's proposal order; a call first seen in a later event comes after those proposed. */
  position: number;
  /** The raw arguments as proposed; absent for a call no response or direct call proposed. */
  arguments?: string;
  repairs: RepairRung[];
  inputError?: { code: ToolInputErrorCode; message: string };
  permission?: RuntimeEventOf<'tool-permission'>['decision'];
  approval?: { approved: boolean; decidedBy: RuntimeEventOf<'tool-approval-response'>['decidedBy'] };
  batch?: { index: number; mode: 'parallel' | 'sequential' };
  logs: { level: RuntimeEventOf<'tool-call-log'>['level']; message: string }[];
  search?: { query: string; matches: string[] };
  result?: { status: ToolOutputStatus; output: string; durationMs: number; details?: JsonValue };
};

/** A search a provider ran on its own (`tool_search_call`), not one of the response's calls. */
export type SearchFacts = { query: string; matches: string[] };

/** One iteration: the request, the response (or direct call, or model error) and its calls in model order. */
export type IterationFacts = {
  iteration: number;
  request?: RuntimeEventOf<'model-request'>;
  response?: RuntimeEventOf<'model-response'>;
  direct?: RuntimeEventOf<'tool-call-direct'>;
  error?: RuntimeEventOf<'model-error'>;
  calls: CallFacts[];
  searches: SearchFacts[];
};

/** A turn's events regrouped for comparison: what the turn ran with, its iterations, how it ended. */
export type TurnFacts = {
  turnId?: string;
  start?: RuntimeEventOf<'turn-start'>;
  /** Qualified names from `tools-assembled`. */
  tools?: string[];
  sandboxError?: RuntimeEventOf<'sandbox-error'>;
  iterations: IterationFacts[];
  end?: RuntimeEventOf<'turn-end'>;
};

/**
 * Regroups one turn's events by iteration and call in one pass. Completion order (the order of
 * `tool-output` events in a parallel batch) is dropped on purpose: calls keep the model's order.
 */
export function collectTurnFacts(events: readonly RuntimeEvent[]): TurnFacts {
  const facts: TurnFacts = { turnId: events[0]?.turnId, iterations: [] };
  const book = createFactsBook();
  for (const event of events) collectEvent(event, facts, book);
  facts.iterations = [...book.iterations.values()].sort((left, right) => left.iteration - right.iteration);
  return facts;
}

/** The turn's iterations and calls by key, as the events name them, with the calls in each iteration in the model's order. */
type FactsBook = {
  iterations: Map<number, IterationFacts>;
  calls: Map<string, CallFacts>;
  iterationOf: (iteration: number) => IterationFacts;
  propose: (iteration: number, call: { callId: string; name: string; arguments?: string }) => CallFacts;
  callOf: (event: { iteration: number; callId: string; name: string }) => CallFacts;
};

function createFactsBook(): FactsBook {
  const iterations = new Map<number, IterationFacts>();
  const calls = new Map<string, CallFacts>();
  const iterationOf = (iteration: number): IterationFacts => {
    let found = iterations.get(iteration);
    if (!found) {
      found = { iteration, calls: [], searches: [] };
      iterations.set(iteration, found);
    }
    return found;
  };
  const propose = (iteration: number, call: { callId: string; name: string; arguments?: string }): CallFacts => {
    const owner = iterationOf(iteration);
    const facts: CallFacts = { callId: call.callId, name: call.name, position: owner.calls.length, repairs: [], logs: [] };
    if (call.arguments !== undefined) facts.arguments = call.arguments;
    owner.calls.push(facts);
    calls.set(call.callId, facts);
    return facts;
  };
  const callOf = (event: { iteration: number; callId: string; name: string }): CallFacts => calls.get(event.callId) ?? propose(event.iteration, event);

  return { iterations, calls, iterationOf, propose, callOf };
}

/** Adds what one event says to the turn's facts. */
function collectEvent(event: RuntimeEvent, facts: TurnFacts, book: FactsBook): void {
  const { calls, iterationOf, propose, callOf } = book;
  switch (event.type) {
    case 'turn-start':
      facts.start = event;
      break;
    case 'tools-assembled':
      facts.tools = event.tools.map((tool) => tool.qualifiedName);
      break;
    case 'sandbox-error':
      facts.sandboxError = event;
      break;
    case 'model-request':
      iterationOf(event.iteration).request = event;
      break;
    case 'model-response':
      iterationOf(event.iteration).response = event;
      for (const call of event.calls) propose(event.iteration, call);
      break;
    case 'tool-call-direct':
      iterationOf(event.iteration).direct = event;
      propose(event.iteration, event.call);
      break;
    case 'model-error':
      iterationOf(event.iteration).error = event;
      break;
    case 'tool-search': {
      const search = { query: event.query, matches: event.matches };
      const call = calls.get(event.callId);
      if (call) call.search = search;
      else iterationOf(event.iteration).searches.push(search);
      break;
    }
    case 'tool-input-repair':
      callOf(event).repairs.push(...event.repairs.map((repair) => repair.rung));
      break;
    case 'tool-input-error':
      callOf(event).inputError = { code: event.code, message: event.message };
      break;
    case 'tool-permission':
      callOf(event).permission = event.decision;
      break;
    case 'tool-approval-response':
      callOf(event).approval = { approved: event.approved, decidedBy: event.decidedBy };
      break;
    case 'dispatch-plan':
      event.batches.forEach((batch, index) => {
        for (const callId of batch.callIds) {
          const call = calls.get(callId);
          if (call) call.batch = { index, mode: batch.mode };
        }
      });
      break;
    case 'tool-call-log':
      callOf(event).logs.push({ level: event.level, message: event.message });
      break;
    case 'tool-output': {
      const result: CallFacts['result'] = { status: event.status, output: event.output, durationMs: event.durationMs };
      if (event.details !== undefined) result.details = event.details;
      callOf(event).result = result;
      break;
    }
    case 'turn-end':
      facts.end = event;
      break;
    case 'sandbox-ready':
    case 'turn-carried-in':
    // What a server's changed tools did to a request is its `offeredTools`, compared with the request.
    case 'tools-changed':
    case 'model-delta':
    case 'tool-input-available':
    case 'tool-approval-request':
    case 'tool-output-request':
    case 'tool-output-response':
    case 'tool-elicitation-request':
    case 'tool-elicitation-response':
    case 'tool-call-start':
      // Derived from, or a step towards, what the events above already carry.
      break;
    default:
      assertNever(event);
  }
}
