import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';

const HOISTED_ANNOTATIONS = ['title', 'description'] as const;

/**
 * Widens a (strict-ready) schema so it also accepts `null`, the way OpenAI's docs spell an
 * optional field: `type: [T, "null"]` where a plain type allows it, otherwise an `anyOf` with a
 * `{type: "null"}` branch. An enum gains a `null` member, since the enum alone would still
 * reject null. https://developers.openai.com/api/docs/guides/structured-outputs#all-fields-must-be-required
 */
export function makeNullable(schema: JsonValue): JsonValue {
  if (!isPlainObject(schema)) return schema;
  const { type } = schema;
  const hasConst = 'const' in schema;
  if (!hasConst && (typeof type === 'string' || Array.isArray(type))) {
    const types = Array.isArray(type) ? type : [type];
    const widened: JsonSchema = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) widened.enum = [...schema.enum, null];
    return widened;
  }
  if (type === undefined && !hasConst && Array.isArray(schema.anyOf)) {
    return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  if (type === undefined && !hasConst && Array.isArray(schema.enum) && !('$ref' in schema)) {
    return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
  }
  const inner: JsonSchema = { ...schema };
  const outer: JsonSchema = {};
  for (const annotation of HOISTED_ANNOTATIONS) {
    const value = inner[annotation];
    if (value === undefined) continue;
    outer[annotation] = value;
    delete inner[annotation];
  }
  outer.anyOf = [inner, { type: 'null' }];
  return outer;
}
