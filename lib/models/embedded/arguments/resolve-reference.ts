import { isPlainObject, type JsonValue } from '@/lib/runtime';

type Schema = { [key: string]: JsonValue };

/** Resolves a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer); undefined for anything else. */
export function resolveReference(root: Schema, reference: string): Schema | undefined {
  if (!reference.startsWith('#')) return undefined;
  let node: JsonValue = root;
  for (const segment of reference.slice(1).split('/').filter(Boolean)) {
    const key = decodeSegment(segment);
    if (key === undefined || (!isPlainObject(node) && !Array.isArray(node))) return undefined;
    node = Object.hasOwn(node, key) ? ((node as { [key: string]: JsonValue })[key] ?? null) : null;
  }
  return isPlainObject(node) ? (node as Schema) : undefined;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
