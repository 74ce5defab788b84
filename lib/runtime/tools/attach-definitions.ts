import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { splitJsonPointer } from '../json-pointer';
import type { Result } from '../vocabulary/result';

const DEFS_PREFIX = '#/$defs/';

/**
 * The final schema of a tool that shares definitions: `schema` with the `definitions` it reaches
 * (through `#/$defs/<name>` references, transitively) copied into its `$defs`, and no others. The
 * schema's own `$defs` stay; a name in both is an error, since which one is meant is ambiguous.
 * A reference to a name neither defines is left for the validator to report. Pure: the inputs are
 * not changed, and nothing but JSON is read.
 */
export function attachDefinitions(schema: JsonSchema, definitions: Readonly<Record<string, JsonSchema | boolean>>): Result<JsonSchema, string> {
  const own = isPlainObject(schema.$defs) ? schema.$defs : {};
  const clash = Object.keys(own).find((name) => Object.hasOwn(definitions, name));
  if (clash !== undefined) return { ok: false, error: `$defs/${clash} is defined both in jsonSchema.$defs and in definitions; rename one.` };
  const reached = listReachableDefinitions([schema], definitions, new Set(Object.keys(own)));
  if (reached.length === 0) return { ok: true, value: schema };
  const attached: Record<string, JsonValue> = { ...own };
  for (const name of reached) attached[name] = definitions[name] as JsonValue;
  return { ok: true, value: { ...schema, $defs: attached } };
}

/**
 * The names in `definitions` that `schemas` reach, transitively, in the order first reached;
 * `except` names are neither listed nor followed. Used to write only the definitions a
 * selection of tools needs.
 */
export function listReachableDefinitions(
  schemas: readonly JsonValue[],
  definitions: Readonly<Record<string, JsonSchema | boolean>>,
  except: ReadonlySet<string> = new Set(),
): string[] {
  const reached = new Set<string>();
  const pending: JsonValue[] = [...schemas];
  for (let index = 0; index < pending.length; index += 1) {
    for (const name of collectDefinitionNames(pending[index] as JsonValue)) {
      if (reached.has(name) || except.has(name) || !Object.hasOwn(definitions, name)) continue;
      reached.add(name);
      pending.push(definitions[name] as JsonValue);
    }
  }
  return [...reached];
}

/** The first token of every `#/$defs/<name>…` reference anywhere inside `value`, in document order. */
function collectDefinitionNames(value: JsonValue): string[] {
  const names: string[] = [];
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as JsonValue;
    const children = Array.isArray(node) ? node : isPlainObject(node) ? Object.entries(node) : [];
    // Pushed last to first, so they are read first to last.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (!Array.isArray(node)) {
        const [key, entry] = child as [string, JsonValue];
        if (key === '$ref' && typeof entry === 'string' && entry.startsWith(DEFS_PREFIX)) names.push(decodeFirstToken(entry.slice(DEFS_PREFIX.length)));
        else if (typeof entry === 'object' && entry !== null) stack.push(entry);
      } else if (typeof child === 'object' && child !== null) {
        stack.push(child as JsonValue);
      }
    }
  }
  return names;
}

/** `Pet/properties/name` → `Pet`; `a~1b` → `a/b`; a URI escape is decoded as in any `$ref` fragment. */
function decodeFirstToken(rest: string): string {
  let fragment = rest;
  try {
    fragment = decodeURIComponent(rest);
  } catch {
    // A malformed escape is read as written; the reference then simply does not resolve.
  }
  return splitJsonPointer(`/${fragment}`)[0] ?? '';
}
