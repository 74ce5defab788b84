/** A location inside a JSON value: object keys and array indexes, outermost first. */
export type JsonPath = readonly (string | number)[];

/** Escapes one reference token as RFC 6901 says: `~` → `~0`, `/` → `~1`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `['items', 0, 'odd key']` → `/items/0/odd key`; the whole document is the empty pointer. */
export function toJsonPointer(path: JsonPath): string {
  return path.map((segment) => `/${escapePointerSegment(String(segment))}`).join('');
}

/** `/items/0/a~1b` → `['items', '0', 'a/b']`: every token a string, as the pointer cannot tell keys from indexes. */
export function splitJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
