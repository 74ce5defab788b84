import type { RuntimeEvent, RuntimeEventInput } from './runtime-event';

/** Milliseconds from an arbitrary origin; injected so tests and replays control time. */
export type Clock = { now(): number };

export type EventEmitter = {
  emit(event: RuntimeEventInput): RuntimeEvent;
  /** Milliseconds since the turn started. */
  elapsed(): number;
};

/** Stamps events with the turn id, a dense `seq` from 0 and `at` since turn start. */
export function createEventEmitter(options: { turnId: string; clock: Clock; onEvent: (event: RuntimeEvent) => void }): EventEmitter {
  const startedAt = options.clock.now();
  let seq = 0;
  const elapsed = () => Math.max(0, Math.round((options.clock.now() - startedAt) * 1000) / 1000);
  return {
    elapsed,
    emit(input) {
      const event = { ...input, turnId: options.turnId, seq: seq++, at: elapsed() } as RuntimeEvent;
      options.onEvent(event);
      return event;
    },
  };
}
