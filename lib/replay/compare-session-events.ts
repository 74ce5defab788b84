import { boundShownValue } from '@/lib/compare';
import { isPlainObject, type RuntimeEvent } from '@/lib/runtime';
import type { EventDifference } from '@/lib/contract';

/**
 * Fields that differ between two faithful runs: timings (a response's `timing`: duration, first
 * token, tokens per second) and the generated turn id. `model` on `turn-start` is the client's
 * label, which is `tape` on a replay by construction; so is every response of a fork's replay
 * (`servedBy`, `divergence` say where the fork's own run was answered from). A streamed response's `model-delta` events
 * do count: they are cut by size from the recorded stream, so a faithful replay repeats them.
 */
const IGNORED_FIELDS: ReadonlySet<string> = new Set(['at', 'durationMs', 'timing', 'turnId', 'servedBy', 'divergence']);
const IGNORED_BY_TYPE: Partial<Record<RuntimeEvent['type'], ReadonlySet<string>>> = { 'turn-start': new Set(['model']) };

/** The audit ledger line states the call's duration ("success in 40 ms", "after 12 ms"); that part is a timing too. */
const DURATION_IN_AUDIT = /\b(in|after) \d+ ms\b/g;

function normalizeField(key: string, value: unknown): unknown {
  return key === 'audit' && typeof value === 'string' ? value.replace(DURATION_IN_AUDIT, '$1 … ms') : value;
}

/** More than this many differences in one turn is noise; the first ones say what went wrong. */
export const MAX_DIFFERENCES_PER_TURN = 100;

export type CompareOptions = {
  /**
   * The recording predates today's validation wording: the texts a rejected call produced (its
   * error's message and issues, the output the model got, that output in the conversation) are
   * not compared; everything else about the call is.
   */
  legacyValidationWording?: boolean;
  /** The recording predates fields the runtime added since: a field its events lack is not a difference. */
  legacyEventFields?: boolean;
};

/**
 * Compares a turn's recorded events with a replay's, event by event in `seq` order. A turn
 * recorded before preparing the sandbox was a step of its own has no `sandbox-ready` event: the
 * replay's is left out and the events after it numbered as the recording numbered them.
 */
export function compareTurnEvents(turn: number, recorded: readonly RuntimeEvent[], replayedEvents: readonly RuntimeEvent[], options: CompareOptions = {}): EventDifference[] {
  const replayed = hasSandboxStep(recorded) ? replayedEvents : withoutSandboxStep(replayedEvents);
  const isReworded = options.legacyValidationWording ? createRewordedFieldTest(recorded) : () => false;
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
        collectDifferences(normalizeField(key, fieldOf(before, key)), normalizeField(key, fieldOf(after, key)), key, (field, recordedValue, replayedValue) => {
          if (options.legacyEventFields && recordedValue === undefined) return;
          if (!isReworded(before, field)) differences.push({ turn, seq, field, ...present('recorded', recordedValue), ...present('replayed', replayedValue) });
        });
      }
    }
  }
  return differences.slice(0, MAX_DIFFERENCES_PER_TURN);
}

function hasSandboxStep(events: readonly RuntimeEvent[]): boolean {
  return events.some((event) => event.type === 'sandbox-ready' || event.type === 'sandbox-error');
}

function withoutSandboxStep(events: readonly RuntimeEvent[]): readonly RuntimeEvent[] {
  const step = events.findIndex((event) => event.type === 'sandbox-ready');
  if (step === -1) return events;
  return [...events.slice(0, step), ...events.slice(step + 1).map((event) => ({ ...event, seq: event.seq - 1 }))];
}

const REWORDED_INPUT_ERROR_FIELD = /^(message|issues\[\d+\]\.message)$/;
const REWORDED_OUTPUT_FIELD = /^(output|summary|audit)$/;
const CONVERSATION_OUTPUT_FIELD = /^conversation\[(\d+)\]\.output$/;

/** Which differing fields are only the wording of a rejected call's validation texts. */
function createRewordedFieldTest(recorded: readonly RuntimeEvent[]): (event: RuntimeEvent, field: string) => boolean {
  const rejected = new Set(recorded.flatMap((event) => (event.type === 'tool-input-error' ? [event.callId] : [])));
  return (event, field) => {
    if (event.type === 'tool-input-error') return REWORDED_INPUT_ERROR_FIELD.test(field);
    if (event.type === 'tool-output') return rejected.has(event.callId) && REWORDED_OUTPUT_FIELD.test(field);
    if (event.type !== 'turn-end') return false;
    const index = CONVERSATION_OUTPUT_FIELD.exec(field)?.[1];
    const item = index === undefined ? undefined : event.conversation?.[Number(index)];
    return isPlainObject(item) && typeof item.call_id === 'string' && rejected.has(item.call_id);
  };
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
  return value === undefined ? {} : ({ [key]: boundShownValue(value) } as Partial<Record<K, unknown>>);
}
