import type { JsonValue } from '@/lib/runtime';

const MAX_SHOWN_CHARS = 80;

/** A value as JSON for a sentence, cut to 80 characters with an ellipsis. */
export function describeJsonValue(value: JsonValue | undefined): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length <= MAX_SHOWN_CHARS ? text : `${text.slice(0, MAX_SHOWN_CHARS - 1)}…`;
}
