import { isPlainObject } from '../vocabulary/json';
import { splitJsonPointer } from '../json-pointer';

/**
 * Resolves a `$ref` within the same document (`#`, `#/$defs/Name`, `#/definitions/Name`, or
 * any other `#/…` pointer). Strict mode supports only these; remote references yield undefined.
 */
export function resolveLocalRef(root: unknown, ref: string): { value: unknown; pointer: string } | undefined {
  if (ref === '#') return { value: root, pointer: '' };
  if (!ref.startsWith('#/')) return undefined;
  const pointer = decodeFragment(ref.slice(1));
  if (pointer === undefined) return undefined;
  const found = getAtPointer(root, pointer);
  return found.exists ? { value: found.value, pointer } : undefined;
}

/** The value an RFC 6901 pointer designates, if there is one. */
export function getAtPointer(root: unknown, pointer: string): { exists: true; value: unknown } | { exists: false } {
  let current: unknown = root;
  for (const segment of splitJsonPointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(segment) || Number(segment) >= current.length) return { exists: false };
      current = current[Number(segment)];
    } else if (isPlainObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return { exists: false };
    }
  }
  return { exists: true, value: current };
}

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
