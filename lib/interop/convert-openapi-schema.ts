import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime/json';
import { err, ok, type Result } from '@/lib/runtime/result';

const SCHEMA_REF = '#/components/schemas/';
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SINGLE_KEYWORDS = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);

/** Shared by every schema of one operation: the document, its dialect and the `$defs` collected. */
export type SchemaConversion = { document: Record<string, unknown>; isOpenApi30: boolean; defs: Map<string, JsonValue> };

/** A failure inside the document, by JSON pointer. */
export type SchemaConversionError = { pointer: string; message: string };

/**
 * An OpenAPI schema as a JSON Schema 2020-12 subschema: `#/components/schemas/X` references
 * become `#/$defs/X` (collected into `conversion.defs`, transitively, so recursion still works),
 * and for OpenAPI 3.0, `nullable: true` becomes a `null` type and `example` becomes `examples`.
 */
export function convertOpenApiSchema(value: JsonValue, pointer: string, conversion: SchemaConversion): Result<JsonValue, SchemaConversionError> {
  if (!isPlainObject(value)) return ok(value);
  const node = value as JsonSchema;
  const out: JsonSchema = {};
  for (const [keyword, child] of Object.entries(node)) {
    const at = `${pointer}/${keyword}`;
    if (keyword === '$ref') {
      const target = collectReference(child, at, conversion);
      if (!target.ok) return target;
      out.$ref = target.value;
    } else if (conversion.isOpenApi30 && keyword === 'nullable') {
      continue;
    } else if (conversion.isOpenApi30 && keyword === 'example') {
      out.examples = [child];
    } else if (MAP_KEYWORDS.has(keyword) && isPlainObject(child)) {
      const mapped: JsonSchema = {};
      for (const [name, sub] of Object.entries(child as JsonSchema)) {
        const converted = convertOpenApiSchema(sub, `${at}/${name}`, conversion);
        if (!converted.ok) return converted;
        mapped[name] = converted.value;
      }
      out[keyword] = mapped;
    } else if ((LIST_KEYWORDS.has(keyword) || keyword === 'items') && Array.isArray(child)) {
      const mapped: JsonValue[] = [];
      for (const [index, sub] of child.entries()) {
        const converted = convertOpenApiSchema(sub, `${at}/${index}`, conversion);
        if (!converted.ok) return converted;
        mapped.push(converted.value);
      }
      out[keyword] = mapped;
    } else if (SINGLE_KEYWORDS.has(keyword)) {
      const converted = convertOpenApiSchema(child, at, conversion);
      if (!converted.ok) return converted;
      out[keyword] = converted.value;
    } else {
      out[keyword] = child;
    }
  }
  return ok(conversion.isOpenApi30 && node.nullable === true ? makeNullable(out) : out);
}

function collectReference(reference: JsonValue, at: string, conversion: SchemaConversion): Result<string, SchemaConversionError> {
  if (typeof reference !== 'string' || !reference.startsWith(SCHEMA_REF)) {
    return err({ pointer: at, message: `only local references to #/components/schemas/… are supported, got ${JSON.stringify(reference)}.` });
  }
  const name = decodeURIComponent(reference.slice(SCHEMA_REF.length)).replace(/~1/g, '/').replace(/~0/g, '~');
  if (!conversion.defs.has(name)) {
    const components = isPlainObject(conversion.document.components) ? conversion.document.components : {};
    const schemas = isPlainObject(components.schemas) ? components.schemas : {};
    const target = schemas[name];
    if (target === undefined) return err({ pointer: at, message: `${reference} does not exist in the document.` });
    conversion.defs.set(name, {});
    const converted = convertOpenApiSchema(target as JsonValue, `/components/schemas/${name}`, conversion);
    if (!converted.ok) return converted;
    conversion.defs.set(name, converted.value);
  }
  return ok(`#/$defs/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

function makeNullable(node: JsonSchema): JsonSchema {
  if (typeof node.type === 'string') {
    const withNull: JsonSchema = { ...node, type: [node.type, 'null'] };
    if (Array.isArray(node.enum) && !node.enum.includes(null)) withNull.enum = [...node.enum, null];
    return withNull;
  }
  return { anyOf: [node, { type: 'null' }] };
}
