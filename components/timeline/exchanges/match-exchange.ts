import type { TapeEntry } from '@/lib/contract';
import type { TimelineState } from '@/lib/runtime';

/** What the inspector knows of a turn from its events: which model requests were made and answered. */
export type InspectedTurn = {
  turnId: string;
  ended: boolean;
  /** One per iteration that sent a request; `settled` once its response or model error arrived. */
  requests: { iteration: number; settled: boolean }[];
};

export function describeInspectedTurn(state: TimelineState): InspectedTurn | undefined {
  if (!state.turn) return undefined;
  return {
    turnId: state.turn.turnId,
    ended: state.status === 'ended',
    requests: state.iterations.filter((it) => it.request).map((it) => ({ iteration: it.iteration, settled: Boolean(it.response || it.modelError) })),
  };
}

/** The exchange of one iteration's request, or why it cannot be named. */
export type ExchangeMatch =
  | { kind: 'matched'; exchange: TapeEntry; index: number }
  /** The request is still on its way: its exchange is recorded when the response has been read. */
  | { kind: 'pending' }
  | { kind: 'mismatch'; requestCount: number; exchangeCount: number };

/**
 * Iteration N's exchange is the Nth recorded one: the SDK never retries, so each request is one
 * exchange, in order. That holds only while the counts agree: a request that failed before any
 * response (aborted, a network error, a body refused as too large) records nothing, and then
 * which exchange belongs to which request is not certain, so the caller lists them all.
 * The live tape may be one exchange ahead of the events (recorded, not yet reported).
 */
export function matchExchange(exchanges: readonly TapeEntry[], iteration: number, turn: InspectedTurn): ExchangeMatch {
  const settledCount = turn.requests.filter((request) => request.settled).length;
  const inFlight = turn.requests.length - settledCount;
  const agrees = exchanges.length === settledCount || (inFlight > 0 && exchanges.length === settledCount + 1);
  const mismatch = { kind: 'mismatch', requestCount: turn.requests.length, exchangeCount: exchanges.length } as const;
  if (!agrees) return mismatch;
  const exchange = exchanges[iteration - 1];
  if (exchange) return { kind: 'matched', exchange, index: iteration - 1 };
  const request = turn.requests.find((candidate) => candidate.iteration === iteration);
  return request && !request.settled ? { kind: 'pending' } : mismatch;
}
