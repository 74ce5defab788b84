import { isPlainObject, type JsonSchema, type JsonValue, escapePointerSegment } from '@/lib/runtime';

/** Keywords whose value is one subschema. */
const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** A subschema and where it sits, as a JSON pointer from the root. */
export type SchemaNode = { node: JsonSchema; pointer: string; parentKeyword?: string };

/** Every subschema of `schema`, the root first, depth first. Boolean subschemas are skipped. */
export function listSchemaNodes(schema: JsonValue): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const visit = (value: JsonValue, pointer: string, parentKeyword?: string) => {
    if (!isPlainObject(value)) return;
    const node = value as JsonSchema;
    nodes.push({ node, pointer, parentKeyword });
    for (const [keyword, child] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerSegment(keyword)}`;
      if (MAP.includes(keyword) && isPlainObject(child)) {
        for (const [name, sub] of Object.entries(child as JsonSchema)) visit(sub, `${at}/${escapePointerSegment(name)}`, keyword);
      } else if (LIST.includes(keyword) && Array.isArray(child)) {
        child.forEach((sub, index) => visit(sub, `${at}/${index}`, keyword));
      } else if (SINGLE.includes(keyword)) {
        visit(child, at, keyword);
      }
    }
  };
  visit(schema, '');
  return nodes;
}

/** The `type` keyword as a list (`undefined` → `[]`). */
export function listTypes(node: JsonSchema): string[] {
  const type = node.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}

export function copyJson<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
