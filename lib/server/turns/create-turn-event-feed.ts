// Server-only: the SSE text every run of runtime events (a turn, a direct call) is served as.
import { createEventBudget, type EventBudget } from './create-event-budget';

export type TurnEventFeedOptions = {
  turnId: string;
  /** Aborted when the client disconnects or the event budget runs out. */
  controller: AbortController;
  maxEvents: number;
  /** How long the run may hold its slot; past it the run is stopped and ends with an `error` turn-end saying so. */
  wallMs: number;
  /** Runs the turn, every event through `budget.send`; it reports failures as events itself. */
  run: (budget: EventBudget) => Promise<void>;
  /** Once the run is over, however it ended: unregister it, dispose its sandbox. */
  onClose: () => void;
};

/** Where a feed's text goes: a Node response (the direct turn route) or a web stream (`toEventStream`). */
export type TurnEventSink = {
  write(text: string): void;
  close(): void;
};

export type TurnEventFeed = {
  /** Sends what the run has produced so far, then the rest as it comes, and closes `sink` when the run is over. Once per feed. */
  attach(sink: TurnEventSink): void;
  /** The reader went away: nothing more is written, and the run is aborted (its `onClose` still runs). */
  cancel(reason: string): void;
  /**
   * Stop the run, keep reading: the run is aborted, and what it sends while it winds down (its
   * `aborted` turn-end) still reaches the sink, which closes when the run is over, as it would
   * have. For a reader that keeps the stopped run (an evaluation's), where `cancel` is for one
   * that has gone away.
   */
  stop(reason: string): void;
};

/**
 * Starts `run` at once and feeds its events as `data: <event>` lines, held to the events-per-turn
 * budget; until a sink is attached they wait in the feed. A run that throws (a bug: runs report
 * failures as events) still ends with an `error` turn-end.
 *
 * The first event leaves at once; later events sent in one turn of the event loop (a dispatch
 * plan and its permissions and starts, a response and its inputs) leave as one write, after the
 * loop's I/O callbacks: a write per event cost the HTTP thread a socket write each, which under
 * many concurrent turns delayed everything else it serves, other turns' first events included.
 */
export function createTurnEventFeed(options: TurnEventFeedOptions): TurnEventFeed {
  const { turnId, controller } = options;
  let sink: TurnEventSink | undefined;
  let open = true;
  let finished = false;
  let pending = '';
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    if (!open || !sink || pending === '') return;
    const text = pending;
    pending = '';
    sink.write(text);
  };
  const budget = createEventBudget({
    maxEvents: options.maxEvents,
    onOverflow: () => controller.abort('budget'),
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
  const wall = setTimeout(() => budget.stop(`The turn ran for ${options.wallMs / 1000} s, the longest a turn may hold its slot, and was stopped.`), options.wallMs);
  void options
    .run(budget)
    .catch((error: unknown) => {
      const last = budget.last();
      budget.send({ type: 'turn-end', turnId, seq: (last?.seq ?? -1) + 1, at: last?.at ?? 0, reason: 'error', iterations: 0, error: `Internal error: ${String(error)}` });
    })
    .finally(() => {
      clearTimeout(wall);
      options.onClose();
      finished = true;
      flush();
      if (open) sink?.close();
    });
  return {
    attach(attached) {
      if (sink) throw new Error('A turn event feed has one reader.');
      sink = attached;
      flush();
      if (finished && open) attached.close();
    },
    cancel(reason) {
      if (!open) return;
      open = false;
      pending = '';
      controller.abort(reason);
    },
    stop(reason) {
      if (open) controller.abort(reason);
    },
  };
}

const encoder = new TextEncoder();

/** The feed as a web stream of UTF-8 chunks (a route handler's `Response` body); cancelling the stream cancels the feed. */
export function toEventStream(feed: TurnEventFeed): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      feed.attach({ write: (text) => controller.enqueue(encoder.encode(text)), close: () => controller.close() });
    },
    cancel() {
      feed.cancel('the client disconnected');
    },
  });
}
