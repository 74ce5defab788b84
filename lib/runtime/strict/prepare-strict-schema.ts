import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { addObjectType } from './add-object-type';
import { distributeObjectType } from './distribute-object-type';
import { dropFieldRequirementUnion } from './drop-field-requirement-union';
import { appendLocation, ROOT_LOCATION, type SchemaLocation } from './schema-location';
import type { NodeRewrite, StrictifyChange } from './strictify-change';

/** Bounds recursion on hostile input; such depth already breaks the nesting limit. */
const MAX_WALK_DEPTH = 64;
const SCHEMA_MAPS = ['properties', '$defs', 'definitions'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf'] as const;

type PrepareContext = { root: JsonSchema; changes: StrictifyChange[] };

/**
 * The rewrites that give strict mode what it needs where a schema says it in other words, run
 * before `strictifySchema` closes objects: an object's type moved into the union that holds its
 * fields (`distributeObjectType`), a union that only narrows declared fields dropped
 * (`dropFieldRequirementUnion`), a type added beside `properties` (`addObjectType`). Each only
 * removes keywords or adds `type`, so every pointer into the result is one into `schema`. Never
 * mutates its input.
 */
export function prepareStrictSchema(schema: JsonSchema): { schema: JsonSchema; changes: StrictifyChange[] } {
  const context: PrepareContext = { root: schema, changes: [] };
  return { schema: prepareNode(context, schema, ROOT_LOCATION, 0) as JsonSchema, changes: context.changes };
}

function prepareNode(context: PrepareContext, node: JsonValue, location: SchemaLocation, depth: number): JsonValue {
  if (!isPlainObject(node) || depth > MAX_WALK_DEPTH) return node;
  let current = node;
  const apply = (rewrite: NodeRewrite | undefined) => {
    if (!rewrite) return;
    current = rewrite.schema;
    context.changes.push({ pointer: appendLocation(location, ...rewrite.at).pointer, change: rewrite.change });
  };
  if (location.path.length > 0) apply(distributeObjectType(current, context.root));
  for (const union of SCHEMA_LISTS) apply(dropFieldRequirementUnion(current, union));
  apply(addObjectType(current));
  return prepareChildren(context, current, location, depth);
}

/** `node` with its subschemas prepared, the ones strict mode reads: properties, items, union branches, definitions. */
function prepareChildren(context: PrepareContext, node: JsonSchema, location: SchemaLocation, depth: number): JsonSchema {
  const out: JsonSchema = { ...node };
  for (const keyword of SCHEMA_MAPS) {
    const entries = node[keyword];
    if (!isPlainObject(entries)) continue;
    out[keyword] = Object.fromEntries(Object.entries(entries).map(([name, child]) => [name, prepareNode(context, child, appendLocation(location, keyword, name), depth + 1)]));
  }
  for (const keyword of SCHEMA_LISTS) {
    const branches = node[keyword];
    if (Array.isArray(branches)) out[keyword] = branches.map((branch, index) => prepareNode(context, branch, appendLocation(location, keyword, index), depth + 1));
  }
  if (isPlainObject(node.items)) out.items = prepareNode(context, node.items, appendLocation(location, 'items'), depth + 1);
  return out;
}
