import { isPlainObject, type JsonSchema, type JsonValue, resolveLocalRef, escapePointerSegment } from '@/lib/runtime';
import { createVerdict, type CompatibilityIssue, type CompatibilityVerdict } from './provider-compatibility';
import { findReferenceProblems, listSchemaNodes } from '../schema';

/**
 * `FunctionDeclaration.parameters` is a `Schema`: "a select subset of an OpenAPI 3.0 schema
 * object" with exactly these fields, one `type`, `nullable` instead of a null type, and string
 * enums. (`parametersJsonSchema` takes full JSON Schema instead; the matrix judges `parameters`,
 * which every Gemini SDK and the OpenAI-compatible endpoint fill.)
 */
export const GEMINI_SCHEMA_URL = 'https://ai.google.dev/api/caching#Schema';
/** "Must start with a letter or an underscore… a-z, A-Z, 0-9, underscores, dots, colons and dashes, max 64." */
export const GEMINI_FUNCTION_URL = 'https://ai.google.dev/api/caching#FunctionDeclaration';

const SCHEMA_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties',
  'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const UNFIXABLE_KEYWORDS = new Set(['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies', 'prefixItems']);
/** Keywords the rewrite turns into Schema fields rather than drops. */
const RENAMED = new Set(['$ref', '$defs', 'definitions', 'oneOf', 'const', 'examples', 'additionalProperties']);
const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

export function checkGemini(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityVerdict {
  const schema = tool.jsonSchema;
  const issues: CompatibilityIssue[] = findGeminiDeclarationIssues(tool);
  for (const problem of findReferenceProblems(schema)) {
    issues.push({ pointer: problem.pointer, message: `Schema has no $ref, and ${JSON.stringify(problem.ref)} cannot be inlined (${problem.kind}).`, fixable: false });
  }
  for (const { node, pointer } of listSchemaNodes(schema)) issues.push(...checkNode(node, pointer));
  return createVerdict({ target: 'gemini', label: 'Gemini', source: GEMINI_SCHEMA_URL, issues, rewrite: () => rewriteNode(schema, schema) as JsonSchema });
}

/**
 * What Gemini refuses of a function declaration whichever field carries its parameters: a name
 * outside its pattern, parameters that do not describe an object (`parametersJsonSchema` too
 * "must describe an object where the properties are the parameters").
 */
export function findGeminiDeclarationIssues(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityIssue[] {
  const issues: CompatibilityIssue[] = [];
  if (!FUNCTION_NAME.test(tool.name)) issues.push({ pointer: '', message: `The function name ${JSON.stringify(tool.name)} must start with a letter or underscore and have at most 64 letters, digits, _ . : - (see ${GEMINI_FUNCTION_URL}).`, fixable: false });
  if (tool.jsonSchema.type !== 'object') issues.push({ pointer: '/type', message: 'parameters must be a Schema of type OBJECT.', fixable: false });
  return issues;
}

function checkNode(node: JsonSchema, pointer: string): CompatibilityIssue[] {
  const issues: CompatibilityIssue[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    const at = `${pointer}/${escapePointerSegment(keyword)}`;
    if (UNFIXABLE_KEYWORDS.has(keyword)) issues.push({ pointer: at, message: `${keyword} is not a Schema field and cannot be rewritten into one.`, fixable: false });
    else if (keyword === '$ref') issues.push({ pointer: at, message: 'Schema has no $ref; the reference is inlined.', fixable: true });
    else if (keyword === 'oneOf') issues.push({ pointer: at, message: 'Schema has anyOf but no oneOf.', fixable: true });
    else if (keyword === 'const') issues.push({ pointer: at, message: 'Schema has no const; it becomes a one-value enum.', fixable: true });
    else if (keyword === 'additionalProperties') {
      const isMap = isPlainObject(value) && Object.keys(value).length > 0;
      issues.push({ pointer: at, message: isMap ? 'Schema has no additionalProperties, so a map cannot be described.' : 'Schema has no additionalProperties; it is dropped.', fixable: !isMap });
    } else if (keyword === 'items' && Array.isArray(value)) issues.push({ pointer: at, message: 'tuple items are not supported.', fixable: false });
    else if (keyword === 'type' && Array.isArray(value)) issues.push({ pointer: at, message: 'type must be a single value; a null member becomes nullable: true.', fixable: true });
    else if (keyword === 'type' && !(typeof value === 'string' && TYPES.has(value))) issues.push({ pointer: at, message: `unknown type ${JSON.stringify(value)}.`, fixable: false });
    else if (keyword === 'enum' && Array.isArray(value) && value.some((item) => typeof item !== 'string' && item !== null)) {
      issues.push({ pointer: at, message: 'enum values must be strings; the values move into the description.', fixable: true });
    } else if (!SCHEMA_FIELDS.has(keyword) && !RENAMED.has(keyword)) issues.push({ pointer: at, message: `${keyword} is not a Schema field; it is dropped.`, fixable: true });
    else if ((keyword === '$defs' || keyword === 'definitions') && pointer === '') issues.push({ pointer: at, message: 'Schema has no $defs; references are inlined.', fixable: true });
    else if (keyword === 'examples') issues.push({ pointer: at, message: 'Schema has example (one value), not examples.', fixable: true });
  }
  return issues;
}

/** Inlines references and renames or drops what `Schema` lacks; only called when every issue is fixable. */
function rewriteNode(value: JsonValue, root: JsonSchema): JsonValue {
  if (!isPlainObject(value)) return value;
  let node = value as JsonSchema;
  if (typeof node.$ref === 'string') {
    const target = resolveLocalRef(root, node.$ref);
    const { $ref: _ref, ...siblings } = node;
    node = { ...(isPlainObject(target?.value) ? (target.value as JsonSchema) : {}), ...siblings };
  }
  const out: JsonSchema = {};
  const notes: string[] = [];
  for (const [keyword, child] of Object.entries(node)) {
    if (keyword === 'properties' && isPlainObject(child)) out.properties = Object.fromEntries(Object.entries(child as JsonSchema).map(([name, sub]) => [name, rewriteNode(sub, root)]));
    else if ((keyword === 'anyOf' || keyword === 'oneOf') && Array.isArray(child)) out.anyOf = child.map((sub) => rewriteNode(sub, root));
    else if (keyword === 'items') out.items = rewriteNode(child, root);
    else if (keyword === 'type') Object.assign(out, rewriteType(child));
    else if (keyword === 'const') Object.assign(out, rewriteEnum([child], notes));
    else if (keyword === 'enum' && Array.isArray(child)) Object.assign(out, rewriteEnum(child, notes));
    else if (keyword === 'examples' && Array.isArray(child) && child.length > 0) out.example = child[0] ?? null;
    else if (SCHEMA_FIELDS.has(keyword)) out[keyword] = child;
  }
  if (notes.length > 0) out.description = [typeof out.description === 'string' ? out.description : '', ...notes].filter(Boolean).join(' ');
  return out;
}

function rewriteType(type: JsonValue): JsonSchema {
  if (!Array.isArray(type)) return { type };
  const nonNull = type.filter((item) => item !== 'null');
  const out: JsonSchema = nonNull.length === 1 ? { type: nonNull[0] ?? 'string' } : { anyOf: nonNull.map((item) => ({ type: item })) };
  if (nonNull.length < type.length) out.nullable = true;
  return out;
}

function rewriteEnum(values: JsonValue[], notes: string[]): JsonSchema {
  const out: JsonSchema = values.includes(null) ? { nullable: true } : {};
  const rest = values.filter((item) => item !== null);
  if (rest.every((item) => typeof item === 'string')) return { ...out, enum: rest };
  notes.push(`One of: ${rest.map((item) => JSON.stringify(item)).join(', ')}.`);
  return out;
}

