// Server-only: the events-per-turn budget every stream of runtime events is held to.
import type { RuntimeEvent } from '@/lib/runtime/events/runtime-event';

export type EventBudget = {
  /** Passes an event on to `write` while the budget lasts; past it only the (rewritten) turn-end goes out. */
  send(event: RuntimeEvent): void;
  /** Every event passed on, in order. */
  readonly sent: readonly RuntimeEvent[];
  last(): RuntimeEvent | undefined;
};

/**
 * Counts the events of one turn against `maxEvents`. When the turn reaches the last slot, which
 * is kept for its turn-end, `onOverflow` stops it (abort); its turn-end then goes out as an
 * error, numbered right after the last event sent, so the stream stays dense and ends properly.
 */
export function createEventBudget(options: { maxEvents: number; onOverflow: () => void; write: (event: RuntimeEvent) => void }): EventBudget {
  const { maxEvents } = options;
  const sent: RuntimeEvent[] = [];
  let overflowed = false;
  return {
    sent,
    last: () => sent.at(-1),
    send(produced) {
      if (overflowed && produced.type !== 'turn-end') return;
      const event = overflowed && produced.type === 'turn-end' ? endForOverflow(produced, sent.at(-1), maxEvents) : produced;
      if (!overflowed && sent.length + 1 >= maxEvents && event.type !== 'turn-end') {
        overflowed = true;
        options.onOverflow();
        return;
      }
      sent.push(event);
      options.write(event);
    },
  };
}

/**
 * The end of a turn that was stopped for producing too many events, numbered after the last one
 * sent: an `error` end that keeps the conversation and state, not the final text or result.
 */
function endForOverflow(end: Extract<RuntimeEvent, { type: 'turn-end' }>, last: RuntimeEvent | undefined, maxEvents: number): RuntimeEvent {
  const error = `The turn produced more than ${maxEvents} events and was stopped.`;
  const { turnId, at, iterations, conversation, state } = end;
  return { type: 'turn-end', turnId, seq: (last?.seq ?? -1) + 1, at, reason: 'error', iterations, error, ...(conversation ? { conversation } : {}), ...(state ? { state } : {}) };
}
