/** Size limits on stored sessions; anything past them is refused with the limit in the message. */
export const SESSION_LIMITS = {
  /** Serialized size of one session record as stored, each distinct text once (or of an imported file). */
  recordBytes: 5_000_000,
  /**
   * JSON values in one record (objects, arrays, strings, numbers; keys not counted): what parsing
   * it costs whoever reads it. A ten-turn session of a real module holds about 20,000.
   */
  recordValues: 400_000,
  /** JSON values in one tape exchange's request or its response (a streamed response is one string). */
  exchangeValues: 100_000,
  /** Model exchanges in one turn's tape (a turn makes at most 25 model requests). */
  exchangesPerTurn: 100,
  turnsPerSession: 50,
  titleChars: 200,
  /** CPU time a sandbox worker may spend checking one record (its assertions' schemas and patterns are the costly part). */
  checkBudgetMs: 4_000,
  /** And the wall time it may take (a worker runs at a lower priority than the HTTP thread, so a loaded machine gives it less). */
  checkWallMs: 15_000,
  /** Replays one sandbox worker holds at once: each keeps its parsed record there while its turns run. */
  replaysPerWorker: 8,
  /** A held replay not advanced for this long is let go: longer than a turn's wall budget (600 s). */
  replayIdleMs: 660_000,
} as const;

/** How long finished turns stay available to Share. */
export const FINISHED_TURN_RETENTION = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  maxCount: 1000,
} as const;

/** Bytes of `text` as UTF-8, without Node's Buffer so the browser helper can use it too. */
export function measureUtf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
