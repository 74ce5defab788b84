import { escapePointerSegment } from '../json-pointer';

/** Where a subschema sits: as a JSON pointer and as the key path OpenAI prints in its errors. */
export type SchemaLocation = { pointer: string; path: readonly (string | number)[] };

export const ROOT_LOCATION: SchemaLocation = { pointer: '', path: [] };

export function appendLocation(location: SchemaLocation, ...segments: (string | number)[]): SchemaLocation {
  let pointer = location.pointer;
  for (const segment of segments) pointer += `/${escapePointerSegment(String(segment))}`;
  return { pointer, path: [...location.path, ...segments] };
}

/**
 * OpenAI's validator is Python and prints the key path as a tuple repr, e.g.
 * `In context=('properties', 'mode'), ...`; reproduce that exactly, trailing comma included.
 */
export function formatContext(path: readonly (string | number)[]): string {
  const items = path.map((segment) => (typeof segment === 'number' ? String(segment) : formatPythonString(segment)));
  if (items.length === 1) return `(${items[0]},)`;
  return `(${items.join(', ')})`;
}

export function formatPythonString(value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
  if (value.includes("'") && !value.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

export function inContext(location: SchemaLocation, text: string): string {
  return `In context=${formatContext(location.path)}, ${text}`;
}
