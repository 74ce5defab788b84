// Server-only: the SSE stream every run of runtime events (a turn, a direct call) is served as.
import { createEventBudget, type EventBudget } from './create-event-budget';

const encoder = new TextEncoder();

export type TurnEventStreamOptions = {
  turnId: string;
  /** Aborted when the client disconnects or the event budget runs out. */
  controller: AbortController;
  maxEvents: number;
  /** Runs the turn, every event through `budget.send`; it reports failures as events itself. */
  run: (budget: EventBudget) => Promise<void>;
  /** Once the run is over, however it ended: unregister it, dispose its sandbox. */
  onClose: () => void;
};

/**
 * One `data: <event>` line per event, held to the events-per-turn budget. A run that throws
 * (a bug: runs report failures as events) still ends the stream with an `error` turn-end.
 *
 * The first event leaves at once; later events sent in one turn of the event loop (a dispatch
 * plan and its permissions and starts, a response and its inputs) leave as one chunk, written
 * after the loop's I/O callbacks: a write per event cost the HTTP thread a socket write each,
 * which under many concurrent turns delayed everything else it serves, other turns' first
 * events included.
 */
export function createTurnEventStream(options: TurnEventStreamOptions): ReadableStream<Uint8Array> {
  const { turnId, controller } = options;
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(sink) {
      let pending = '';
      let flushScheduled = false;
      const flush = () => {
        flushScheduled = false;
        if (open && pending !== '') sink.enqueue(encoder.encode(pending));
        pending = '';
      };
      const budget = createEventBudget({
        maxEvents: options.maxEvents,
        onOverflow: () => controller.abort('event-limit'),
        write: (event) => {
          if (!open) return;
          pending += `data: ${JSON.stringify(event)}\n\n`;
          // The first event leaves at once: it is what says the turn has started.
          if (event.seq === 0) flush();
          else if (!flushScheduled) {
            flushScheduled = true;
            setImmediate(flush);
          }
        },
      });
      void options
        .run(budget)
        .catch((error: unknown) => {
          const last = budget.last();
          budget.send({ type: 'turn-end', turnId, seq: (last?.seq ?? -1) + 1, at: last?.at ?? 0, reason: 'error', iterations: 0, error: `Internal error: ${String(error)}` });
        })
        .finally(() => {
          options.onClose();
          flush();
          if (open) sink.close();
          open = false;
        });
    },
    cancel() {
      open = false;
      controller.abort('the client disconnected');
    },
  });
}
