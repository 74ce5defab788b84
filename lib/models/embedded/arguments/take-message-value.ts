import type { JsonValue } from '@/lib/runtime';
import { formatPointer, type GenerationContext, type Place, type Schema } from './generation-context';

const PLACE_KEY = /(city|location|place|town|country|region|destination|origin|where)/i;
const ID_KEY = /(^id$|_id$|Id$|^(number|num|no|ref|reference|key|code|sku|slug|ticket|order)$|_number$|Number$)/;
const EMAIL_KEY = /(e-?mail|recipient|^to$|^cc$|^bcc$|^from$)/i;
const URL_KEY = /(url|uri|link|href|website|homepage|endpoint)/i;
const OWNER_KEY = /^(owner|org|organization|organisation|account|namespace)$/i;
const PAIR_NAME_KEY = /^(repo|repository|project|package|package_name|repo_name)$/i;
/** Fields named for a person (or a thing's own name) read the message's capitalized names. */
const PERSON_KEY = /(^|_)(name|full_?name|display_?name|user|username|assignee|author|person|contact|customer|owner_name)$/i;
const FILE_KEY = /(file|path|dir|folder)/i;
/** A word that starts with an enum member names it ("administrator" → "admin"); shorter members must match whole. */
const MIN_PREFIX_MEMBER = 4;

/** Records that the field at `place` took `value` from the message; the call card lists these. */
export function noteTaken(context: GenerationContext, place: Place, value: JsonValue): void {
  context.taken.push(`${formatPointer(place.path)} = ${JSON.stringify(value)}`);
}

/** The first enum member the message names ("in fahrenheit" → "fahrenheit"), as a word or a phrase. */
export function takeMentionedMember(members: readonly JsonValue[], context: GenerationContext, place: Place): JsonValue | undefined {
  const words = context.hints.message?.words;
  if (!words || words.length === 0) return undefined;
  const text = ` ${words.join(' ')} `;
  const strings = members.filter((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
  const member =
    strings.find((candidate) => text.includes(` ${candidate.toLowerCase().replace(/[\s_]+/g, ' ')} `)) ??
    strings.find((candidate) => candidate.length >= MIN_PREFIX_MEMBER && /^[a-z]+$/i.test(candidate) && text.includes(` ${candidate.toLowerCase()}`));
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
 * For a string field named (or formatted) like an address, a person, a place or an id: the
 * message's next e-mail or web address, `owner/name` part, capitalized name or place, or id-like
 * word or number ("order ord_123", "ticket 42"), when `fits` accepts it.
 */
export function takeMessageString(context: GenerationContext, place: Place, fits: (value: string) => boolean, format?: string): string | undefined {
  const values = context.hints.message;
  if (!values) return undefined;
  const { usedMessage } = context;
  const { key } = place;
  let candidate: string | undefined;
  if ((format === 'email' || format === 'idn-email' || EMAIL_KEY.test(key)) && usedMessage.emails < values.emails.length) {
    candidate = values.emails[usedMessage.emails];
    usedMessage.emails += 1;
  } else if ((format === 'uri' || format === 'url' || format === 'iri' || URL_KEY.test(key)) && usedMessage.urls < values.urls.length) {
    candidate = values.urls[usedMessage.urls];
    usedMessage.urls += 1;
  } else if (OWNER_KEY.test(key) && usedMessage.owners < values.pairs.length) {
    candidate = values.pairs[usedMessage.owners]?.owner;
    usedMessage.owners += 1;
  } else if (PAIR_NAME_KEY.test(key) && usedMessage.names < values.pairs.length) {
    candidate = values.pairs[usedMessage.names]?.name;
    usedMessage.names += 1;
  } else if (PERSON_KEY.test(key) && !FILE_KEY.test(key) && usedMessage.places < values.places.length) {
    candidate = values.places[usedMessage.places];
    usedMessage.places += 1;
  } else if (PLACE_KEY.test(key) && usedMessage.places < values.places.length) {
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
