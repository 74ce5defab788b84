import type { JsonValue } from '@/lib/runtime/json';
import { formatPointer, type GenerationContext, type Place, type Schema } from './generation-context';

const PLACE_KEY = /(city|location|place|town|country|region|destination|origin|where)/i;
const ID_KEY = /(^id$|_id$|Id$|^(number|num|no|ref|reference|key|code|sku|slug|ticket|order)$|_number$|Number$)/;

/** Records that the field at `place` took `value` from the message; the call card lists these. */
export function noteTaken(context: GenerationContext, place: Place, value: JsonValue): void {
  context.taken.push(`${formatPointer(place.path)} = ${JSON.stringify(value)}`);
}

/** The first enum member the message names ("in fahrenheit" → "fahrenheit"), as a word or a phrase. */
export function takeMentionedMember(members: readonly JsonValue[], context: GenerationContext, place: Place): JsonValue | undefined {
  const words = context.hints.message?.words;
  if (!words || words.length === 0) return undefined;
  const text = ` ${words.join(' ')} `;
  const member = members.find((candidate) => typeof candidate === 'string' && candidate.trim() !== '' && text.includes(` ${candidate.toLowerCase().replace(/[\s_]+/g, ' ')} `));
  if (member !== undefined) noteTaken(context, place, member);
  return member;
}

/** The message's next number that the field's type and bounds allow ("ticket 42" → 42). */
export function takeMessageNumber(schema: Schema, integer: boolean, context: GenerationContext, place: Place): number | undefined {
  const numbers = context.hints.message?.numbers ?? [];
  const { usedMessage } = context;
  while (usedMessage.numbers < numbers.length) {
    const value = numbers[usedMessage.numbers] as number;
    usedMessage.numbers += 1;
    if (fitsNumber(schema, integer, value)) {
      noteTaken(context, place, value);
      return value;
    }
  }
  return undefined;
}

/**
 * For a string field named like a place or an id: the message's next named place, or its next
 * id-like word or number ("order ord_123", "ticket 42"), when `fits` accepts it.
 */
export function takeMessageString(context: GenerationContext, place: Place, fits: (value: string) => boolean): string | undefined {
  const values = context.hints.message;
  if (!values) return undefined;
  const { usedMessage } = context;
  let candidate: string | undefined;
  if (PLACE_KEY.test(place.key) && usedMessage.places < values.places.length) {
    candidate = values.places[usedMessage.places];
    usedMessage.places += 1;
  } else if (ID_KEY.test(place.key) && usedMessage.ids < values.ids.length) {
    candidate = values.ids[usedMessage.ids];
    usedMessage.ids += 1;
  } else if (ID_KEY.test(place.key) && usedMessage.numbers < values.numbers.length) {
    candidate = String(values.numbers[usedMessage.numbers]);
    usedMessage.numbers += 1;
  }
  if (candidate === undefined || !fits(candidate)) return undefined;
  noteTaken(context, place, candidate);
  return candidate;
}

function fitsNumber(schema: Schema, integer: boolean, value: number): boolean {
  if (integer && !Number.isInteger(value)) return false;
  const below = (bound: JsonValue | undefined, exclusive: boolean) => typeof bound === 'number' && (exclusive ? value <= bound : value < bound);
  const above = (bound: JsonValue | undefined, exclusive: boolean) => typeof bound === 'number' && (exclusive ? value >= bound : value > bound);
  if (below(schema.minimum, schema.exclusiveMinimum === true) || below(schema.exclusiveMinimum, true)) return false;
  if (above(schema.maximum, schema.exclusiveMaximum === true) || above(schema.exclusiveMaximum, true)) return false;
  const step = schema.multipleOf;
  return typeof step !== 'number' || step <= 0 || Math.abs(value / step - Math.round(value / step)) < 1e-9;
}
