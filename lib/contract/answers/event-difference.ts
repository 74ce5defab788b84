// What a replay answers per difference: the replay route sends these to the page.

/** One field of one event that a replay produced differently; `field` is a path such as `calls[0].arguments`. */
export type EventDifference = {
  /** Index of the turn in the session. */
  turn: number;
  seq: number;
  field: string;
  /** Absent when the recording has no such event or field. */
  recorded?: unknown;
  /** Absent when the replay has no such event or field. */
  replayed?: unknown;
};
