import { isPlainObject, type JsonSchema, type JsonValue, escapePointerSegment, err, ok, type Result } from '@/lib/runtime';
import { adoptOpenApiKeywords } from './adopt-openapi-keywords';
import { describeJsonType } from './read-import-fields';
import { repairSchemaKeywords } from './repair-schema-keywords';

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SINGLE_KEYWORDS = new Set([
  'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems',
  'additionalItems', 'contentSchema',
]);
/** Keywords that name or re-base a schema; inside an OpenAPI document they would re-base the `#/$defs/…` references written for it. */
const IDENTIFIERS = new Set(['$id', '$schema', '$anchor', '$dynamicAnchor', '$recursiveAnchor']);
/** OpenAPI's own keywords that no JSON Schema reader uses: `nullable` is read by `addNull`, `example` by `adoptOpenApiKeywords`; `xml` and `externalDocs` only describe the value for other readers. */
const OPENAPI_KEYWORDS = new Set(['nullable', 'example', 'xml', 'externalDocs']);
/** Keywords that constrain more than `type` says, so a `null` added to `type` would still be refused. */
const BEYOND_TYPE = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'const', 'if'];

/** How one schema tree is rewritten. */
export type SchemaRewrite = {
  /** Draft-07 keeps tuple `items` arrays; 2020-12 spells them `prefixItems`. */
  dialect: '2020-12' | 'draft-07';
  notes: string[];
  /** Gives a `$ref` its new target (OpenAPI's become shared definitions); unset: kept as written. */
  rewriteReference?: (ref: unknown, at: string) => Result<string, string>;
  /** Read OpenAPI's `nullable: true` as "null too" and `example` as `examples`, drop `$id`-like keywords and `xml`/`externalDocs`. */
  isOpenApi: boolean;
};

/**
 * A copy of `value` (found at `pointer`) that Ajv compiles: every subschema goes through
 * `repairSchemaKeywords`, draft-04 tuples and draft-03 `required: true` take their 2020-12 form,
 * and a value where a schema belongs that is none becomes `{}` with a note. Fails only where a
 * reference cannot be followed; the message is led by the pointer at fault.
 */
export function rewriteSchema(value: unknown, pointer: string, rewrite: SchemaRewrite): Result<JsonValue, string> {
  if (typeof value === 'boolean') return ok(value);
  if (!isPlainObject(value)) {
    rewrite.notes.push(`${pointer}: expected a schema, got ${describeJsonType(value)}; read as {} (anything).`);
    return ok({});
  }
  const out: JsonSchema = {};
  const lifted: string[] = [];
  for (const [keyword, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const at = `${pointer}/${escapePointerSegment(keyword)}`;
    const written = rewriteKeyword({ keyword, child, at, node: value, rewrite, lifted });
    if (!written.ok) return written;
    if (written.value !== undefined) out[written.value.keyword] = written.value.value;
  }
  if (lifted.length > 0) out.required = [...(Array.isArray(out.required) ? out.required : []), ...lifted];
  if (rewrite.isOpenApi) adoptOpenApiKeywords(out, value);
  repairSchemaKeywords(out, pointer, rewrite.notes);
  return ok(rewrite.isOpenApi && value.nullable === true ? addNull(out) : out);
}

type KeywordInput = { keyword: string; child: unknown; at: string; node: Record<string, unknown>; rewrite: SchemaRewrite; lifted: string[] };
type Written = Result<{ keyword: string; value: JsonValue } | undefined, string>;

function rewriteKeyword({ keyword, child, at, node, rewrite, lifted }: KeywordInput): Written {
  const keep = (value: JsonValue, as = keyword): Written => ok({ keyword: as, value });
  const dropped = (why: string): Written => {
    rewrite.notes.push(`${at}: ${why}; dropped.`);
    return ok(undefined);
  };
  if (keyword === '$ref') {
    if (rewrite.rewriteReference) {
      const target = rewrite.rewriteReference(child, at);
      return target.ok ? keep(target.value) : target;
    }
    return typeof child === 'string' ? keep(child) : dropped(`expected a reference string, got ${describeJsonType(child)}`);
  }
  if (rewrite.isOpenApi && (keyword === '$dynamicRef' || keyword === '$recursiveRef')) return err(`${at}: ${keyword} is not followed in imported OpenAPI schemas.`);
  if (rewrite.isOpenApi && (IDENTIFIERS.has(keyword) || OPENAPI_KEYWORDS.has(keyword))) return ok(undefined);
  if (MAP_KEYWORDS.has(keyword)) {
    if (!isPlainObject(child)) return dropped(`expected an object of schemas, got ${describeJsonType(child)}`);
    const mapped: JsonSchema = {};
    for (const [name, sub] of Object.entries(child)) {
      const converted = rewriteSchema(sub, `${at}/${escapePointerSegment(name)}`, rewrite);
      if (!converted.ok) return converted;
      mapped[name] = converted.value;
      // Draft-03 marked a required property on the property itself.
      if (keyword === 'properties' && isPlainObject(sub) && sub.required === true) lifted.push(name);
    }
    return keep(mapped);
  }
  const isTuple = keyword === 'items' && Array.isArray(child);
  if (LIST_KEYWORDS.has(keyword) || isTuple) {
    if (!Array.isArray(child) || child.length === 0) return dropped(`expected a non-empty array of schemas, got ${describeJsonType(child)}`);
    const mapped: JsonValue[] = [];
    for (const [index, sub] of child.entries()) {
      const converted = rewriteSchema(sub, `${at}/${index}`, rewrite);
      if (!converted.ok) return converted;
      mapped.push(converted.value);
    }
    return keep(mapped, isTuple && rewrite.dialect === '2020-12' ? 'prefixItems' : keyword);
  }
  if (SINGLE_KEYWORDS.has(keyword)) {
    const converted = rewriteSchema(child, at, rewrite);
    if (!converted.ok) return converted;
    // After a tuple, `additionalItems` is what 2020-12 calls `items`.
    const as = keyword === 'additionalItems' && rewrite.dialect === '2020-12' && Array.isArray(node.items) ? 'items' : keyword;
    return keep(converted.value, as);
  }
  if (keyword === 'required' && typeof child === 'boolean') {
    if (child) rewrite.notes.push(`${at}: draft-03's required: true; the property is listed in its parent's required instead.`);
    return ok(undefined);
  }
  return keep(child as JsonValue);
}

/**
 * OpenAPI's `nullable: true`: `null` joins a plain `type` (and `enum`); a schema that constrains
 * beyond its type (a `$ref`, a union, a `const`) becomes one branch of an `anyOf` beside
 * `{type: "null"}`, since a sibling `type` would not make the reference accept null.
 */
function addNull(node: JsonSchema): JsonSchema {
  const { type } = node;
  const isPlain = !BEYOND_TYPE.some((keyword) => keyword in node);
  if (isPlain && (typeof type === 'string' || Array.isArray(type))) {
    const types = Array.isArray(type) ? type : [type];
    const widened: JsonSchema = { ...node, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(node.enum) && !node.enum.includes(null)) widened.enum = [...node.enum, null];
    return widened;
  }
  if (isPlain && type === undefined && !('enum' in node)) return node;
  const { title, description, ...inner } = node;
  return { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), anyOf: [inner, { type: 'null' }] };
}
