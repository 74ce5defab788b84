import { isPlainObject, type JsonSchema, type JsonValue } from '@/lib/runtime/json';
import { ok, type Result } from '@/lib/runtime/result';
import { convertOpenApiSchema, type SchemaConversion } from './convert-openapi-schema';
import type { ImportError, ImportedTool } from './imported-tool';
import { describeJsonType, failAt } from './read-import-fields';
import { sanitizeToolName } from './sanitize-tool-name';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/**
 * One tool per operation of an OpenAPI 3.x document: path, query, header and cookie parameters
 * become properties (path ones required), the JSON request body becomes `body`, referenced
 * component schemas move into `$defs`. GET/HEAD are read-only, DELETE destructive. Names come
 * from `operationId`, else method and path, sanitized to `^[a-zA-Z0-9_-]{1,64}$`.
 */
export function importOpenApiDocument(document: Record<string, unknown>, notes: string[]): Result<ImportedTool[], ImportError> {
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    return failAt('/openapi', `expected an OpenAPI 3.x version string, got ${JSON.stringify(document.openapi ?? null)}; convert Swagger 2.0 documents to OpenAPI 3 first.`);
  }
  if (!isPlainObject(document.paths)) return failAt('/paths', `expected an object of paths, got ${describeJsonType(document.paths)}.`);
  const taken = new Set<string>();
  const tools: ImportedTool[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const itemAt = `/paths/${escape(path)}`;
    if (!isPlainObject(item)) return failAt(itemAt, `expected a path item object, got ${describeJsonType(item)}.`);
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const at = `${itemAt}/${method}`;
      if (!isPlainObject(operation)) return failAt(at, `expected an operation object, got ${describeJsonType(operation)}.`);
      const conversion: SchemaConversion = { document, isOpenApi30: document.openapi.startsWith('3.0'), defs: new Map() };
      const schema = buildOperationSchema({ item, operation, itemAt, at, conversion, notes });
      if (!schema.ok) return schema;
      const rawName = typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : `${method}_${path}`;
      const name = sanitizeToolName(rawName, taken);
      if (name !== rawName && typeof operation.operationId === 'string') notes.push(`${at}/operationId: ${JSON.stringify(rawName)} renamed to ${JSON.stringify(name)}.`);
      const text = [operation.summary, operation.description].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
      tools.push({
        name,
        description: text.length > 0 ? text.join('\n\n') : `${method.toUpperCase()} ${path}`,
        jsonSchema: schema.value,
        isReadOnly: method === 'get' || method === 'head',
        isDestructive: method === 'delete',
        origin: `OpenAPI ${method.toUpperCase()} ${path}`,
      });
    }
  }
  return ok(tools);
}

type OperationInput = {
  item: Record<string, unknown>;
  operation: Record<string, unknown>;
  itemAt: string;
  at: string;
  conversion: SchemaConversion;
  notes: string[];
};

function buildOperationSchema({ item, operation, itemAt, at, conversion, notes }: OperationInput): Result<JsonSchema, ImportError> {
  const properties: JsonSchema = {};
  const required: string[] = [];
  const parameters = new Map<string, { parameter: Record<string, unknown>; pointer: string }>();
  for (const [list, listAt] of [[item.parameters, `${itemAt}/parameters`], [operation.parameters, `${at}/parameters`]] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) return failAt(listAt, `expected an array of parameters, got ${describeJsonType(list)}.`);
    for (const [index, raw] of list.entries()) {
      const pointer = `${listAt}/${index}`;
      const parameter = resolveComponent(raw, 'parameters', conversion.document);
      if (!parameter) return failAt(pointer, 'expected a parameter object or a reference to #/components/parameters/….');
      if (typeof parameter.name !== 'string' || parameter.name === '') return failAt(`${pointer}/name`, `expected a non-empty string, got ${describeJsonType(parameter.name)}.`);
      if (typeof parameter.in !== 'string' || !PARAMETER_LOCATIONS.has(parameter.in)) {
        return failAt(`${pointer}/in`, `expected one of "path", "query", "header", "cookie", got ${JSON.stringify(parameter.in ?? null)}.`);
      }
      parameters.set(`${parameter.in}:${parameter.name}`, { parameter, pointer });
    }
  }
  for (const { parameter, pointer } of parameters.values()) {
    const rawSchema = parameter.schema ?? firstMediaSchema(parameter.content);
    const converted = convertOpenApiSchema((rawSchema ?? {}) as JsonValue, `${pointer}/schema`, conversion);
    if (!converted.ok) return failAt(converted.error.pointer, converted.error.message);
    let key = String(parameter.name);
    if (key in properties) {
      key = `${key}_${String(parameter.in)}`;
      notes.push(`${pointer}: ${String(parameter.in)} parameter ${JSON.stringify(parameter.name)} clashes with another parameter; named ${JSON.stringify(key)}.`);
    }
    const schema = isPlainObject(converted.value) ? { ...(converted.value as JsonSchema) } : {};
    if (typeof parameter.description === 'string' && schema.description === undefined) schema.description = parameter.description;
    properties[key] = schema;
    if (parameter.in === 'path' || parameter.required === true) required.push(key);
  }
  if (operation.requestBody !== undefined) {
    const body = resolveComponent(operation.requestBody, 'requestBodies', conversion.document);
    if (!body) return failAt(`${at}/requestBody`, 'expected a request body object or a reference to #/components/requestBodies/….');
    const rawSchema = jsonMediaSchema(body.content);
    if (rawSchema === undefined) {
      notes.push(`${at}/requestBody: no JSON media type; the body is left out.`);
    } else {
      const converted = convertOpenApiSchema(rawSchema as JsonValue, `${at}/requestBody/content`, conversion);
      if (!converted.ok) return failAt(converted.error.pointer, converted.error.message);
      const schema = isPlainObject(converted.value) ? { ...(converted.value as JsonSchema) } : {};
      if (typeof body.description === 'string' && schema.description === undefined) schema.description = body.description;
      properties.body = schema;
      if (body.required === true) required.push('body');
    }
  }
  const defs = Object.fromEntries(conversion.defs);
  return ok({
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    ...(conversion.defs.size > 0 ? { $defs: defs } : {}),
  });
}

function resolveComponent(value: unknown, kind: 'parameters' | 'requestBodies', document: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  if (typeof value.$ref !== 'string') return value;
  const prefix = `#/components/${kind}/`;
  if (!value.$ref.startsWith(prefix)) return undefined;
  const components = isPlainObject(document.components) ? document.components : {};
  const group = isPlainObject(components[kind]) ? components[kind] : {};
  const target = (group as Record<string, unknown>)[value.$ref.slice(prefix.length)];
  return isPlainObject(target) ? target : undefined;
}

function jsonMediaSchema(content: unknown): unknown {
  if (!isPlainObject(content)) return undefined;
  const key = Object.keys(content).find((type) => type === 'application/json') ?? Object.keys(content).find((type) => /[/+]json\b/.test(type));
  const media = key ? content[key] : undefined;
  return isPlainObject(media) ? media.schema : undefined;
}

function firstMediaSchema(content: unknown): unknown {
  if (!isPlainObject(content)) return undefined;
  const media = Object.values(content)[0];
  return isPlainObject(media) ? media.schema : undefined;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
