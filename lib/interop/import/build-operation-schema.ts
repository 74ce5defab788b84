import { isPlainObject, type JsonSchema, escapePointerSegment, err, ok, type Result } from '@/lib/runtime';
import { convertOpenApiSchema, type SchemaConversion } from './convert-openapi-schema';
import { describeJsonType } from './read-import-fields';
import { resolveDocumentReference, type ResolvedObject } from './resolve-document-reference';

const PARAMETER_LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
/** OpenAPI: header parameters by these names "SHALL be ignored" (the request's own headers carry them). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/** Media types whose schema describes the fields of the body: JSON first, then forms. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export type OperationInput = {
  document: Record<string, unknown>;
  item: Record<string, unknown>;
  operation: Record<string, unknown>;
  itemAt: string;
  at: string;
  conversion: SchemaConversion;
};


/**
 * The tool's parameter schema for one operation: path, query, header and cookie parameters become
 * properties (path ones required; an operation's parameter replaces the path item's of the same
 * name and location), and the request body (JSON, else a form) becomes `body`. Parameters and
 * bodies may be references to any object in the document. Fails, naming the field, when one
 * cannot be read; the caller skips the operation.
 */
export function buildOperationSchema({ document, item, operation, itemAt, at, conversion }: OperationInput): Result<JsonSchema, string> {
  const parameters = new Map<string, ResolvedObject>();
  let body: ResolvedObject | undefined;
  for (const [list, listAt] of [[item.parameters, `${itemAt}/parameters`], [operation.parameters, `${at}/parameters`]] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) return err(`${listAt}: expected an array of parameters, got ${describeJsonType(list)}.`);
    for (const [index, raw] of list.entries()) {
      const resolved = resolveDocumentReference(document, raw, `${listAt}/${index}`);
      if (!resolved.ok) return resolved;
      const { value: parameter, pointer } = resolved.value;
      // Upgraded Swagger 2.0: a shared body parameter becomes a request body, still listed among the parameters.
      if (pointer.startsWith('/components/requestBodies/')) {
        body = resolved.value;
        continue;
      }
      if (typeof parameter.name !== 'string' || parameter.name === '') return err(`${pointer}/name: expected a non-empty string, got ${describeJsonType(parameter.name)}.`);
      if (typeof parameter.in !== 'string' || !PARAMETER_LOCATIONS.has(parameter.in)) {
        return err(`${pointer}/in: expected one of "path", "query", "header", "cookie", got ${JSON.stringify(parameter.in ?? null)}.`);
      }
      if (parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue;
      parameters.set(`${parameter.in}:${parameter.name}`, resolved.value);
    }
  }
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const { value: parameter, pointer } of parameters.values()) {
    const { schema, schemaAt } = readParameterSchema(parameter, pointer);
    const converted = convertOpenApiSchema(schema, schemaAt, conversion);
    if (!converted.ok) return converted;
    const key = claimKey(properties, String(parameter.name), String(parameter.in));
    if (key !== parameter.name) conversion.notes.push(`${pointer}: ${String(parameter.in)} parameter ${JSON.stringify(parameter.name)} clashes with another parameter; named ${JSON.stringify(key)}.`);
    properties[key] = describe(converted.value, parameter.description);
    if (parameter.in === 'path' || parameter.required === true) required.push(key);
  }
  if (operation.requestBody !== undefined) {
    const resolved = resolveDocumentReference(document, operation.requestBody, `${at}/requestBody`);
    if (!resolved.ok) return resolved;
    body = resolved.value;
  }
  if (body) {
    const { value, pointer } = body;
    const media = pickBodyMedia(value.content);
    if (!media) {
      conversion.notes.push(`${pointer}: no JSON or form media type${isPlainObject(value.content) ? ` (only ${Object.keys(value.content).join(', ')})` : ''}; the body is left out.`);
    } else {
      const converted = convertOpenApiSchema(media.schema ?? {}, `${pointer}/content/${escapePointerSegment(media.type)}/schema`, conversion);
      if (!converted.ok) return converted;
      const key = claimKey(properties, 'body', 'request');
      properties[key] = describe(converted.value, value.description);
      if (value.required === true) required.push(key);
    }
  }
  return ok({ type: 'object', properties, required, additionalProperties: false });
}

/** `name`, else `name_<where>` (then numbered) when another parameter holds it. */
function claimKey(properties: JsonSchema, name: string, where: string): string {
  if (!(name in properties)) return name;
  let key = `${name}_${where}`;
  for (let index = 2; key in properties; index += 1) key = `${name}_${where}_${index}`;
  return key;
}

function describe(schema: unknown, description: unknown): JsonSchema {
  if (!isPlainObject(schema)) return schema === false ? { not: {} } : {};
  const out = { ...(schema as JsonSchema) };
  if (typeof description === 'string' && out.description === undefined) out.description = description;
  return out;
}

function pickBodyMedia(content: unknown): { type: string; schema: unknown } | undefined {
  if (!isPlainObject(content)) return undefined;
  const types = Object.keys(content);
  const type = types.find((name) => name === 'application/json') ?? types.find((name) => /[/+]json\b/.test(name)) ?? FORM_TYPES.find((name) => types.includes(name));
  return type === undefined ? undefined : { type, schema: readMediaSchema(content[type]) };
}

/** A parameter's `schema`, else the schema of its one `content` entry, else anything. */
function readParameterSchema(parameter: Record<string, unknown>, pointer: string): { schema: unknown; schemaAt: string } {
  if (parameter.schema !== undefined) return { schema: parameter.schema, schemaAt: `${pointer}/schema` };
  const media = isPlainObject(parameter.content) ? Object.entries(parameter.content)[0] : undefined;
  if (media) return { schema: readMediaSchema(media[1]) ?? {}, schemaAt: `${pointer}/content/${escapePointerSegment(media[0])}/schema` };
  return { schema: {}, schemaAt: pointer };
}

function readMediaSchema(media: unknown): unknown {
  return isPlainObject(media) ? media.schema : undefined;
}
