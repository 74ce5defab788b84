import type { RuntimeEvent } from '../events/runtime-event';
import { createRedactor, type Redactor } from '../redact-secrets';
import { createEventEmitter, type Clock, type EventEmitter } from '../events/create-event-emitter';

/** What the host gives every run (a turn, a direct call): its id, clock, abort signal, secrets to redact, event sink and file store. */
export type RunHost = {
  turnId?: string;
  clock?: Clock;
  signal?: AbortSignal;
  /** Literal secrets (e.g. an API key typed by the user) to redact wherever they appear. */
  secrets?: readonly string[];
  onEvent?: (event: RuntimeEvent) => void;
  /** The file store as the run's tools left it, read for `turn-end.state`. */
  readFiles?: () => Record<string, string>;
};

/** What every run of the runtime (a turn, a direct call) starts with: its id, event log, emitter, signal and redactor. */
export type OpenedRun = { turnId: string; events: RuntimeEvent[]; emitter: EventEmitter; signal: AbortSignal; redact: Redactor };

export function openRun(options: RunHost = {}): OpenedRun {
  const events: RuntimeEvent[] = [];
  const turnId = options.turnId ?? `turn_${Math.random().toString(36).slice(2, 14)}`;
  const emitter = createEventEmitter({
    turnId,
    clock: options.clock ?? { now: () => performance.now() },
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { turnId, events, emitter, signal: options.signal ?? new AbortController().signal, redact: createRedactor(options.secrets ?? []) };
}
