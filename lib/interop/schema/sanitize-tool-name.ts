const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

/**
 * `raw` as far as `^[a-zA-Z0-9_-]{1,64}$` allows: other characters become `_`, runs collapse,
 * the ends are trimmed; `''` when nothing is left.
 */
export function cleanToolName(raw: string): string {
  return raw.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^[_-]+|[_-]+$/g, '').slice(0, MAX_LENGTH).replace(/[_-]+$/, '');
}

/** A valid name (`cleanToolName`, or `tool`), with a number appended when `taken` already holds it; adds it to `taken`. */
export function sanitizeToolName(raw: string, taken: Set<string>): string {
  const cleaned = cleanToolName(raw) || 'tool';
  let candidate = cleaned;
  for (let index = 2; taken.has(candidate); index += 1) {
    const suffix = `_${index}`;
    candidate = `${cleaned.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(candidate);
  return candidate;
}

/** `raw` itself when it is a valid name not yet in `taken`, else `sanitizeToolName`; adds it to `taken`. */
export function claimToolName(raw: string, taken: Set<string>): string {
  if (!isValidToolName(raw) || taken.has(raw)) return sanitizeToolName(raw, taken);
  taken.add(raw);
  return raw;
}

/** The names taken in each namespace (`''` for tools without one); names are unique per namespace. */
export type TakenNames = Map<string, Set<string>>;

export function takenIn(taken: TakenNames, namespace: string | undefined): Set<string> {
  const key = namespace ?? '';
  let names = taken.get(key);
  if (!names) {
    names = new Set();
    taken.set(key, names);
  }
  return names;
}
