import { isPlainObject, getAtPointer, err, ok, type Result } from '@/lib/runtime';

const MAX_HOPS = 32;

/** An object of the document and the JSON pointer it sits at once every reference is followed. */
export type ResolvedObject = { value: Record<string, unknown>; pointer: string };

/**
 * Follows `$ref`s from `value` (found at `pointer`) to the object they lead to: any local JSON
 * pointer (`#/components/parameters/owner`, `#/paths/~1a/get/parameters/0`), reference after
 * reference. Other files and URLs are not read. A Reference Object's own `description` and
 * `summary` win over the target's, as OpenAPI 3.1 says.
 */
export function resolveDocumentReference(document: unknown, value: unknown, pointer: string): Result<ResolvedObject, string> {
  let current = value;
  let at = pointer;
  const overrides: Record<string, unknown> = {};
  for (let hops = 0; isPlainObject(current) && typeof current.$ref === 'string'; hops += 1) {
    if (hops === MAX_HOPS) return err(`${pointer}/$ref: the references go round in a circle.`);
    for (const key of ['description', 'summary']) if (current[key] !== undefined && overrides[key] === undefined) overrides[key] = current[key];
    const target = readLocalPointer(current.$ref);
    if (!target.ok) return err(`${at}/$ref: ${target.error}`);
    const found = getAtPointer(document, target.value);
    if (!found.exists) return err(`${at}/$ref: ${current.$ref} does not exist in the document.`);
    current = found.value;
    at = target.value;
  }
  if (!isPlainObject(current)) return err(`${at}: expected an object, got ${current === null ? 'null' : Array.isArray(current) ? 'an array' : `a ${typeof current}`}.`);
  return ok({ value: Object.keys(overrides).length > 0 ? { ...current, ...overrides } : current, pointer: at });
}

/**
 * The JSON pointer of a same-document reference (`#/a/b` → `/a/b`, URI escapes decoded), or why
 * it is not one: other files and URLs are not fetched, and the whole document is not a schema.
 */
export function readLocalPointer(ref: string): Result<string, string> {
  if (!ref.startsWith('#')) return err(`${JSON.stringify(ref)} refers outside the document; only references within it (#/…) are followed.`);
  if (ref === '#' || ref === '#/') return err(`${JSON.stringify(ref)} refers to the whole document.`);
  if (!ref.startsWith('#/')) return err(`${JSON.stringify(ref)} names an anchor; only JSON pointer references (#/…) are followed.`);
  try {
    return ok(decodeURIComponent(ref.slice(1)));
  } catch {
    return err(`${JSON.stringify(ref)} is not a valid URI fragment.`);
  }
}
