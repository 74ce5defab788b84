import { isPlainObject, type JsonValue, createRedactor } from '@/lib/runtime';

/**
 * A deep JSON copy with every string (keys included) passed through the redactor: known key
 * shapes plus the given literal values, e.g. the key typed for a turn. Field names are left
 * alone on purpose: a tool may well take an `apiKey` argument, and dropping it from a tape
 * would make the tape unreplayable; model configs lose their `apiKey` in the record schema.
 */
export function removeSessionSecrets(value: unknown, literals: readonly string[] = []): JsonValue {
  const redact = createRedactor(literals);
  const visit = (node: unknown): JsonValue => {
    if (typeof node === 'string') return redact(node);
    if (typeof node === 'number' || typeof node === 'boolean' || node === null) return node;
    if (Array.isArray(node)) return node.map(visit);
    if (isPlainObject(node)) {
      const entries = Object.entries(node).filter(([, item]) => item !== undefined);
      return Object.fromEntries(entries.map(([key, item]) => [redact(key), visit(item)]));
    }
    // Functions and symbols have no JSON form; JSON.stringify turns them into null in arrays too.
    return null;
  };
  return visit(value);
}
