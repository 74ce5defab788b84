import { err, ok, type Result } from '@/lib/runtime';
import { isTextReference, mapSessionTexts } from './map-session-texts';

/** How many broken references an error lists before it counts the rest. */
const SHOWN_PROBLEMS = 5;

/**
 * A record's texts back in place: every `{ text: <index> }` becomes that entry of `texts`, and
 * `texts` goes. A text written inline (every record before version 5) stays as it is. Works on
 * unvalidated JSON; the error names each reference that points past `texts`.
 */
export function expandSessionTexts(record: Record<string, unknown>): Result<Record<string, unknown>, string> {
  const { texts = [], ...rest } = record;
  if (!Array.isArray(texts) || !texts.every((text) => typeof text === 'string')) return err('texts: Expected a list of strings.');
  const problems: string[] = [];
  const expanded = mapSessionTexts(rest, (value, path) => {
    if (!isTextReference(value)) return value;
    if (value.text < texts.length) return texts[value.text];
    problems.push(`${path}: Refers to text ${value.text}; the session has ${texts.length}.`);
    return value;
  });
  if (problems.length === 0) return ok(expanded);
  const more = problems.length > SHOWN_PROBLEMS ? ` (and ${problems.length - SHOWN_PROBLEMS} more)` : '';
  return err(problems.slice(0, SHOWN_PROBLEMS).join('; ') + more);
}
