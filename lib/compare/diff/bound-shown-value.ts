/**
 * Characters of one differing value a report shows (a replay's differences, a comparison's JSON
 * changes): past them a text is cut and a list or an object is described, so what crosses from a
 * sandbox worker to the HTTP thread, and on to the browser, stays small whatever a record holds.
 */
export const MAX_SHOWN_VALUE_CHARS = 20_000;

/** `value` as a report shows it: itself when short enough, else a cut text or a description. */
export function boundShownValue<T>(value: T): T | string {
  if (typeof value === 'string') return value.length > MAX_SHOWN_VALUE_CHARS ? `${value.slice(0, MAX_SHOWN_VALUE_CHARS)}… (${value.length} characters in all)` : value;
  if (typeof value !== 'object' || value === null) return value;
  const chars = JSON.stringify(value).length;
  if (chars <= MAX_SHOWN_VALUE_CHARS) return value;
  return Array.isArray(value)
    ? `(a list of ${value.length} items, ${chars} characters as JSON: too large to show)`
    : `(an object of ${Object.keys(value).length} fields, ${chars} characters as JSON: too large to show)`;
}
