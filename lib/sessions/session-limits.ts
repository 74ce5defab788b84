/** Size limits on stored sessions; anything past them is refused with the limit in the message. */
export const SESSION_LIMITS = {
  /** Serialized size of one session record as stored, each distinct text once (or of an imported file). */
  recordBytes: 5_000_000,
  turnsPerSession: 50,
  titleChars: 200,
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
