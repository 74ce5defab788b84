import {
  isPlainObject,
  type JsonSchema,
  type JsonValue,
  escapePointerSegment,
  splitJsonPointer,
  err,
  ok,
  type Result,
  getAtPointer,
} from '@/lib/runtime';
import type { SharedDefinitions } from './imported-tool';
import { describeJsonType } from './read-import-fields';
import { readLocalPointer } from './resolve-document-reference';
import { rewriteSchema } from './rewrite-schema';

const COMPONENT_SCHEMAS = ['components', 'schemas'];

/** One schema's conversion: where notes go, and the shared definitions it uses directly. */
export type SchemaConversion = { registry: DefinitionRegistry; notes: string[]; uses: Set<string> };

/** What a set of definitions reaches, transitively: every name, their notes, or why one could not be converted. */
export type DefinitionReach = { names: string[]; notes: string[]; failure?: string };

/**
 * The shared definitions of one OpenAPI document. Every schema a `$ref` points at is converted
 * once and becomes a definition: `#/components/schemas/X` is named `X`; any other target
 * (`#/components/schemas/X/properties/y`, `#/paths/~1a/get/parameters/0/schema`) is named after
 * its pointer (`X.properties.y`, `paths._a.get.parameters.0.schema`) rather than inlined, since a
 * target may contain a reference to itself (inlining would not end) and several tools reaching
 * it then share one copy. A definition that cannot be converted (a reference to another file,
 * to nothing) is kept as a failure, so only the tools that reach it are skipped.
 */
export type DefinitionRegistry = {
  /** The new `$ref` for `ref` (met at `at`), converting its target on first use; records the name in `uses`. */
  reference: (ref: unknown, at: string, uses: Set<string>) => Result<string, string>;
  reach: (names: Iterable<string>) => DefinitionReach;
  /** The converted definitions of `names` (reached ones, so none failed). */
  collect: (names: Iterable<string>) => SharedDefinitions;
};

type Definition =
  /** Named and waiting to be converted: conversions run one after another, never one inside another. */
  | { state: 'pending'; value: unknown; pointer: string }
  | { state: 'ready'; schema: JsonSchema | boolean; notes: string[]; uses: Set<string> }
  | { state: 'failed'; reason: string };

/**
 * An OpenAPI 3.1 schema (the document upgraded already) as a JSON Schema 2020-12 subschema whose
 * references are `#/$defs/<name>` of the document's shared definitions (see `rewriteSchema` for
 * the rest: `nullable` left over, boolean bounds, patterns, malformed keywords).
 */
export function convertOpenApiSchema(value: unknown, pointer: string, conversion: SchemaConversion): Result<JsonValue, string> {
  const { registry, notes, uses } = conversion;
  return rewriteSchema(value, pointer, { dialect: '2020-12', notes, isOpenApi: true, rewriteReference: (ref, at) => registry.reference(ref, at, uses) });
}

export function createDefinitionRegistry(document: Record<string, unknown>): DefinitionRegistry {
  const definitions = new Map<string, Definition>();
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const nameFor = (pointer: string, preferred: string): string => {
    const known = names.get(pointer);
    if (known !== undefined) return known;
    const base = preferred.replace(/[^A-Za-z0-9._-]+/g, '_') || 'schema';
    let name = base;
    for (let index = 2; taken.has(name); index += 1) name = `${base}_${index}`;
    taken.add(name);
    names.set(pointer, name);
    return name;
  };
  // Component names are claimed first, so a definition named after a pointer never takes one.
  const components = isPlainObject(document.components) && isPlainObject(document.components.schemas) ? document.components.schemas : {};
  for (const name of Object.keys(components)) nameFor(`/components/schemas/${escapePointerSegment(name)}`, name);

  // Definitions a reference named but nobody converted yet. Converting them from a loop, not from
  // inside the conversion that met the reference, keeps a chain of ten thousand references as
  // cheap as ten thousand schemas side by side: no recursion as deep as the chain.
  const pending: string[] = [];
  const convertPending = () => {
    for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
      const definition = definitions.get(name);
      if (definition?.state !== 'pending') continue;
      const own: SchemaConversion = { registry, notes: [], uses: new Set() };
      const converted = convertOpenApiSchema(definition.value, definition.pointer, own);
      definitions.set(name, converted.ok ? { state: 'ready', schema: converted.value as JsonSchema | boolean, notes: own.notes, uses: own.uses } : { state: 'failed', reason: converted.error });
    }
  };
  const registry: DefinitionRegistry = {
    reference(ref, at, uses) {
      if (typeof ref !== 'string') return err(`${at}: expected a reference string, got ${describeJsonType(ref)}.`);
      const pointer = readLocalPointer(ref);
      if (!pointer.ok) return err(`${at}: ${pointer.error}`);
      const found = getAtPointer(document, pointer.value);
      if (!found.exists) return err(`${at}: ${ref} does not exist in the document.`);
      if (typeof found.value !== 'boolean' && !isPlainObject(found.value)) return err(`${at}: ${ref} is ${describeJsonType(found.value)}, not a schema.`);
      const segments = splitJsonPointer(pointer.value);
      const isComponent = segments.length > 2 && COMPONENT_SCHEMAS.every((segment, index) => segments[index] === segment);
      const name = nameFor(pointer.value, (isComponent ? segments.slice(2) : segments).join('.'));
      if (!definitions.has(name)) {
        definitions.set(name, { state: 'pending', value: found.value, pointer: pointer.value });
        pending.push(name);
      }
      uses.add(name);
      return ok(`#/$defs/${escapePointerSegment(name)}`);
    },
    reach(start) {
      convertPending();
      const reached = new Set<string>();
      const notes: string[] = [];
      const pending = [...start];
      for (let index = 0; index < pending.length; index += 1) {
        const name = pending[index] as string;
        if (reached.has(name)) continue;
        reached.add(name);
        const definition = definitions.get(name);
        if (definition?.state === 'failed') return { names: [...reached], notes, failure: definition.reason };
        if (definition?.state !== 'ready') continue;
        notes.push(...definition.notes);
        pending.push(...definition.uses);
      }
      return { names: [...reached], notes };
    },
    collect(wanted) {
      convertPending();
      const out: SharedDefinitions = {};
      for (const name of wanted) {
        const definition = definitions.get(name);
        if (definition?.state === 'ready') out[name] = definition.schema;
      }
      return out;
    },
  };
  return registry;
}
