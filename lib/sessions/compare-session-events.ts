import { isPlainObject } from '@/lib/runtime/json';
import type { RuntimeEvent } from '@/lib/runtime/events/runtime-event';

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

/**
 * Fields that differ between two faithful runs: timings and the generated turn id. `model` on
 * `turn-start` is the client's label, which is `tape` on a replay by construction.
 */
const IGNORED_FIELDS: ReadonlySet<string> = new Set(['at', 'durationMs', 'turnId']);
const IGNORED_BY_TYPE: Partial<Record<RuntimeEvent['type'], ReadonlySet<string>>> = { 'turn-start': new Set(['model']) };

/** The audit ledger line states the call's duration ("success in 40 ms", "after 12 ms"); that part is a timing too. */
const DURATION_IN_AUDIT = /\b(in|after) \d+ ms\b/g;

function normalizeField(key: string, value: unknown): unknown {
  return key === 'audit' && typeof value === 'string' ? value.replace(DURATION_IN_AUDIT, '$1 … ms') : value;
}

/** More than this many differences in one turn is noise; the first ones say what went wrong. */
export const MAX_DIFFERENCES_PER_TURN = 100;

/** Compares a turn's recorded events with a replay's, event by event in `seq` order. */
export function compareTurnEvents(turn: number, recorded: readonly RuntimeEvent[], replayed: readonly RuntimeEvent[]): EventDifference[] {
  const differences: EventDifference[] = [];
  const count = Math.max(recorded.length, replayed.length);
  for (let index = 0; index < count && differences.length < MAX_DIFFERENCES_PER_TURN; index += 1) {
    const before = recorded[index];
    const after = replayed[index];
    const seq = before?.seq ?? after?.seq ?? index;
    if (!before || !after) {
      differences.push({ turn, seq, field: 'type', ...(before ? { recorded: before.type } : {}), ...(after ? { replayed: after.type } : {}) });
    } else if (before.type !== after.type) {
      differences.push({ turn, seq, field: 'type', recorded: before.type, replayed: after.type });
    } else {
      const ignored = IGNORED_BY_TYPE[before.type];
      const keys = unionKeys(before, after).filter((key) => !IGNORED_FIELDS.has(key) && !ignored?.has(key));
      for (const key of keys) {
        collectDifferences(normalizeField(key, fieldOf(before, key)), normalizeField(key, fieldOf(after, key)), key, (field, recordedValue, replayedValue) =>
          differences.push({ turn, seq, field, ...present('recorded', recordedValue), ...present('replayed', replayedValue) }),
        );
      }
    }
  }
  return differences.slice(0, MAX_DIFFERENCES_PER_TURN);
}

function collectDifferences(recorded: unknown, replayed: unknown, path: string, report: (path: string, recorded: unknown, replayed: unknown) => void): void {
  if (Object.is(recorded, replayed)) return;
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    const length = Math.max(recorded.length, replayed.length);
    for (let index = 0; index < length; index += 1) collectDifferences(recorded[index], replayed[index], `${path}[${index}]`, report);
    return;
  }
  if (isPlainObject(recorded) && isPlainObject(replayed)) {
    for (const key of unionKeys(recorded, replayed)) collectDifferences(recorded[key], replayed[key], `${path}.${key}`, report);
    return;
  }
  report(path, recorded, replayed);
}

function unionKeys(left: object, right: object): string[] {
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
}

function fieldOf(event: RuntimeEvent, key: string): unknown {
  return (event as Record<string, unknown>)[key];
}

function present<K extends 'recorded' | 'replayed'>(key: K, value: unknown): Partial<Record<K, unknown>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, unknown>>);
}
