import { isPlainObject, type JsonSchema, type JsonValue } from '../json';
import { splitJsonPointer } from '../json-pointer';
import { err, ok, type Result } from '../result';

const DEFS_PREFIX = '#/$defs/';

/**
 * A tool's parameter schema with the shared `definitions` it reaches (through `#/$defs/<name>`,
 * transitively) copied into its `$defs`, and no others: a module that shares one definitions
 * object among a thousand tools sends each tool only what it uses. The schema's own `$defs` stay;
 * a name defined both there and in `definitions` is an error (which one is meant is ambiguous).
 */
export function attachDefinitions(schema: JsonSchema, definitions: Record<string, JsonValue>): Result<JsonSchema, string> {
  const own = isPlainObject(schema.$defs) ? (schema.$defs as Record<string, JsonValue>) : {};
  const clash = Object.keys(own).find((name) => Object.hasOwn(definitions, name));
  if (clash !== undefined) return err(`$defs/${clash} is defined both in jsonSchema.$defs and in definitions; rename one.`);
  const reached = new Map<string, JsonValue>();
  const pending: JsonValue[] = [schema];
  while (pending.length > 0) {
    for (const name of collectDefinitionNames(pending.pop() as JsonValue)) {
      if (reached.has(name) || Object.hasOwn(own, name) || !Object.hasOwn(definitions, name)) continue;
      const definition = definitions[name] as JsonValue;
      reached.set(name, definition);
      pending.push(definition);
    }
  }
  if (reached.size === 0) return ok(schema);
  // Own definitions can refer to shared ones too: they were walked as part of `schema`.
  return ok({ ...schema, $defs: { ...own, ...Object.fromEntries(reached) } });
}

/** The first token of every `#/$defs/<name>…` reference inside `value`. */
function collectDefinitionNames(value: JsonValue): string[] {
  const names: string[] = [];
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as JsonValue;
    if (Array.isArray(node)) {
      stack.push(...node);
    } else if (isPlainObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(DEFS_PREFIX)) names.push(decodeToken(child.slice(DEFS_PREFIX.length)));
        else if (typeof child === 'object' && child !== null) stack.push(child as JsonValue);
      }
    }
  }
  return names;
}

/** `Pet/properties/name` → `Pet`; a URI-escaped token is decoded as a `$ref` fragment is. */
function decodeToken(rest: string): string {
  let fragment = rest;
  try {
    fragment = decodeURIComponent(rest);
  } catch {
    // A malformed escape is kept as written; the reference then simply does not resolve.
  }
  return splitJsonPointer(`/${fragment}`)[0] ?? '';
}
