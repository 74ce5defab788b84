// Server-only: the events-per-turn budget every stream of runtime events is held to.
import type { RuntimeEvent } from '@/lib/runtime';

export type EventBudget = {
  /** Passes an event on to `write` while the budget lasts; past it only the (rewritten) turn-end goes out. */
  send(event: RuntimeEvent): void;
  /** Every event passed on, in order. */
  readonly sent: readonly RuntimeEvent[];
  last(): RuntimeEvent | undefined;
  /** Stops the turn for a budget it ran out of: `onOverflow` aborts it, and its turn-end goes out as an error saying `error`. */
  stop(error: string): void;
};

/**
 * Counts the events of one turn against `maxEvents`. When the turn reaches the last slot, which
 * is kept for its turn-end, `onOverflow` stops it (abort); its turn-end then goes out as an
 * error, numbered right after the last event sent, so the stream stays dense and ends properly.
 */
export function createEventBudget(options: { maxEvents: number; onOverflow: () => void; write: (event: RuntimeEvent) => void }): EventBudget {
  const { maxEvents } = options;
  const sent: RuntimeEvent[] = [];
  /** Why the turn was stopped, once it was. */
  let stopped: string | undefined;
  const stop = (error: string) => {
    if (stopped !== undefined) return;
    stopped = error;
    options.onOverflow();
  };
  return {
    sent,
    last: () => sent.at(-1),
    stop,
    send(produced) {
      if (stopped !== undefined && produced.type !== 'turn-end') return;
      const event = stopped !== undefined && produced.type === 'turn-end' ? endForStop(produced, sent.at(-1), stopped) : produced;
      if (stopped === undefined && sent.length + 1 >= maxEvents && event.type !== 'turn-end') {
        stop(`The turn produced more than ${maxEvents} events and was stopped.`);
        return;
      }
      sent.push(event);
      options.write(event);
    },
  };
}

/**
 * The end of a turn that was stopped for a budget (events, time), numbered after the last one
 * sent: an `error` end that keeps the conversation and state, not the final text or result.
 */
function endForStop(end: Extract<RuntimeEvent, { type: 'turn-end' }>, last: RuntimeEvent | undefined, error: string): RuntimeEvent {
  const { turnId, at, iterations, conversation, state } = end;
  return { type: 'turn-end', turnId, seq: (last?.seq ?? -1) + 1, at, reason: 'error', iterations, error, ...(conversation ? { conversation } : {}), ...(state ? { state } : {}) };
}
