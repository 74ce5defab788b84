import { isPlainObject, escapePointerSegment, ok, type Result } from '@/lib/runtime';
import { buildOperationSchema } from './build-operation-schema';
import { createDefinitionRegistry, type DefinitionRegistry, type SchemaConversion } from './convert-openapi-schema';
import type { ImportError, ImportedTool, SharedDefinitions, SkippedTool } from './imported-tool';
import { nameOpenApiOperation } from './name-openapi-operation';
import { describeJsonType, failAt } from './read-import-fields';
import { resolveDocumentReference } from './resolve-document-reference';
import type { TakenNames } from '../schema';
import { OPERATION_METHODS, upgradeOpenApiDocument } from './upgrade-openapi-document';

/** The tools of an OpenAPI document, the definitions they share, and the operations skipped. */
export type OpenApiImport = { tools: ImportedTool[]; definitions: SharedDefinitions; skipped: SkippedTool[] };

type DocumentContext = {
  document: Record<string, unknown>;
  registry: DefinitionRegistry;
  tagDescriptions: Map<string, string>;
  taken: TakenNames;
  used: Set<string>;
  skipped: SkippedTool[];
};

/**
 * One tool per operation of a Swagger 2.0 or OpenAPI 3.x document (upgraded to 3.1 first):
 * parameters and the request body become properties (`buildOperationSchema`), component schemas
 * become shared definitions written once per module. The first tag is the namespace, its
 * description the namespace's. GET/HEAD are read-only, DELETE destructive. An operation that
 * cannot be read is skipped with the reason; the rest still import.
 */
export function importOpenApiDocument(input: Record<string, unknown>, notes: string[]): Result<OpenApiImport, ImportError> {
  const upgraded = upgradeOpenApiDocument(input);
  if (!upgraded.ok) return upgraded;
  const { document } = upgraded.value;
  const { paths } = document;
  const webhooks = isPlainObject(document.webhooks) ? Object.keys(document.webhooks).length : 0;
  if (paths !== undefined && !isPlainObject(paths)) return failAt('/paths', `expected an object of paths, got ${describeJsonType(paths)}.`);
  if ((paths === undefined || Object.keys(paths).length === 0) && upgraded.value.skipped.length === 0) {
    if (webhooks > 0) {
      return failAt('', `the document has ${describeCount(webhooks, 'webhook')} and no paths; webhooks are requests the API sends to you, not operations to call, so there is nothing to import.`, 'no-tools');
    }
    return failAt('/paths', 'the document has no paths, so there are no operations to import.', 'no-tools');
  }
  if (webhooks > 0) notes.push(`/webhooks: ${describeCount(webhooks, 'webhook')} not imported; webhooks are requests the API sends, not operations to call.`);
  const context: DocumentContext = {
    document,
    registry: createDefinitionRegistry(document),
    tagDescriptions: readTagDescriptions(document.tags),
    taken: new Map(),
    used: new Set(),
    skipped: [...upgraded.value.skipped],
  };
  const tools: ImportedTool[] = [];
  for (const [path, item] of Object.entries(paths ?? {})) tools.push(...importPathItem(context, path, item));
  return ok({ tools, definitions: context.registry.collect(context.used), skipped: context.skipped });
}

function importPathItem(context: DocumentContext, path: string, raw: unknown): ImportedTool[] {
  const listedAt = `/paths/${escapePointerSegment(path)}`;
  const resolved = resolveDocumentReference(context.document, raw, listedAt);
  if (!resolved.ok) {
    context.skipped.push({ pointer: listedAt, reason: resolved.error });
    return [];
  }
  // A path item `$ref` may sit beside fields of its own; those win.
  const own = isPlainObject(raw) ? Object.fromEntries(Object.entries(raw).filter(([key]) => key !== '$ref')) : {};
  const item = { ...resolved.value.value, ...own };
  const tools: ImportedTool[] = [];
  for (const method of OPERATION_METHODS) {
    const operation = item[method];
    if (operation === undefined) continue;
    const pointer = `${listedAt}/${method}`;
    const at = method in own ? pointer : `${resolved.value.pointer}/${method}`;
    const operationId = isPlainObject(operation) && typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : undefined;
    const skip = (reason: string) => context.skipped.push({ pointer, ...(operationId ? { name: operationId } : {}), reason });
    if (!isPlainObject(operation)) {
      skip(`${at}: expected an operation object, got ${describeJsonType(operation)}.`);
      continue;
    }
    const conversion: SchemaConversion = { registry: context.registry, notes: [], uses: new Set() };
    const itemAt = 'parameters' in own || raw === resolved.value.value ? listedAt : resolved.value.pointer;
    const schema = buildOperationSchema({ document: context.document, item, operation, itemAt, at, conversion });
    if (!schema.ok) {
      skip(schema.error);
      continue;
    }
    const reach = context.registry.reach(conversion.uses);
    if (reach.failure !== undefined) {
      skip(reach.failure);
      continue;
    }
    for (const name of reach.names) context.used.add(name);
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [];
    const naming = nameOpenApiOperation({ operationId, tags, method, path, at: pointer }, context.taken);
    const text = [operation.summary, operation.description].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    const namespaceDescription = naming.tag === undefined ? undefined : context.tagDescriptions.get(naming.tag);
    tools.push({
      name: naming.name,
      ...(naming.namespace ? { namespace: naming.namespace } : {}),
      ...(naming.namespace && namespaceDescription ? { namespaceDescription } : {}),
      description: text.length > 0 ? text.join('\n\n') : `${method.toUpperCase()} ${path}`,
      jsonSchema: schema.value,
      isReadOnly: method === 'get' || method === 'head',
      isDestructive: method === 'delete',
      origin: `OpenAPI ${method.toUpperCase()} ${path}`,
      tags,
      notes: [...(naming.note ? [naming.note] : []), ...conversion.notes, ...reach.notes],
    });
  }
  return tools;
}

function readTagDescriptions(tags: unknown): Map<string, string> {
  const descriptions = new Map<string, string>();
  if (!Array.isArray(tags)) return descriptions;
  for (const tag of tags) {
    if (isPlainObject(tag) && typeof tag.name === 'string' && typeof tag.description === 'string' && tag.description.trim() !== '') descriptions.set(tag.name, tag.description);
  }
  return descriptions;
}

function describeCount(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
