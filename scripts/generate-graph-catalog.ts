// Writes tests/fixtures/catalogs/graph-like.openapi.json.gz: an OpenAPI 3.0 document shaped like
// Microsoft Graph's v1.0 description (entity paths nested by navigation property, OData query
// parameters, `microsoft.graph.*` schemas with allOf inheritance and nullable anyOf wrappers,
// actions and functions), 2,700 operations. No network here, so the catalog is generated; the
// same input gives the same bytes. Run: node --import tsx scripts/generate-graph-catalog.ts
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPLEX, COMPLEX_TYPES, ENUMS, MAX_DEPTH, ROOTS, TYPES, type EntityType } from './graph-catalog-model';

/** Operations in the document: Microsoft Graph v1.0 has about this many outside its `/me` mirror of `/users`. */
export const GRAPH_OPERATION_COUNT = 2700;
export const GRAPH_FIXTURE_FILE = new URL('../tests/fixtures/catalogs/graph-like.openapi.json.gz', import.meta.url);

type Schema = Record<string, unknown>;

const ENTITY: Schema = { $ref: '#/components/schemas/microsoft.graph.entity' };
const DATE_TIME_PATTERN = '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$';

const byName = new Map(TYPES.map((type) => [type.name, type]));
const qualified = (name: string) => `microsoft.graph.${name}`;
const reference = (name: string): Schema => ({ $ref: `#/components/schemas/${qualified(name)}` });
const capitalize = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
const singular = (text: string) => (text.endsWith('ies') ? `${text.slice(0, -3)}y` : text.endsWith('ses') ? text.slice(0, -2) : text.endsWith('s') ? text.slice(0, -1) : text);
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

/** A property's schema, from its name as Graph's conventions spell it. */
function describeProperty(property: string): Schema {
  const complex = COMPLEX[property];
  if (complex) return { anyOf: [reference(complex), { type: 'object', nullable: true }], description: `The ${words(property)}.` };
  const enumeration = ENUMS[property];
  if (enumeration) return { anyOf: [reference(`${property}Type`), { type: 'object', nullable: true }], description: `The ${words(property)}. The possible values are: ${enumeration.join(', ')}.` };
  if (property.endsWith('DateTime')) return { type: 'string', description: `The ${words(property)}. The Timestamp type represents date and time information using ISO 8601 format and is always in UTC time. For example, midnight UTC on Jan 1, 2014 is 2014-01-01T00:00:00Z.`, format: 'date-time', pattern: DATE_TIME_PATTERN, nullable: true };
  if (/^(is|has|allow|can)[A-Z]|Enabled$|Required$/.test(property) || ['hidden', 'readOnly', 'required', 'indexed', 'sealed', 'deleted', 'root'].includes(property)) return { type: 'boolean', description: `Indicates whether ${words(property)}.`, nullable: true };
  if (/Count$|InSeconds$|InBytes$|InDays$|Minutes|^size$|^ttl$|^sequence$|^level$|^order$|^height$|^width$|^percent/.test(property)) return { maximum: 2147483647, minimum: -2147483648, type: 'number', format: 'int32', nullable: true, description: `The ${words(property)}.` };
  if (/price|Price$/.test(property)) return { oneOf: [{ type: 'number', format: 'double', nullable: true }, { type: 'string', nullable: true }, { $ref: '#/components/schemas/ReferenceNumeric' }], description: `The ${words(property)}.` };
  if (/s$/.test(property) && !/(Address|Status|ss|us|Settings|Details|Rules|Links)$/.test(property)) return { type: 'array', items: { type: 'string', nullable: true }, description: `The ${words(property)}.` };
  return { type: 'string', description: `The ${words(property)}.`, nullable: true };
}

function entitySchema(type: EntityType): Schema {
  const own: Schema = { title: type.name, type: 'object', properties: Object.fromEntries(type.properties.map((property) => [property, describeProperty(property)])) };
  const navigation = Object.fromEntries(type.navigation.map(([property, target]) => [property.split('/').at(-1), { type: 'array', items: reference(target), description: `The ${words(property)}. Read-only. Nullable.`, 'x-ms-navigationProperty': true }]));
  Object.assign(own.properties as Schema, navigation, { '@odata.type': { type: 'string' } });
  return { allOf: [type.base === undefined || type.base === 'entity' ? ENTITY : reference(type.base), own] };
}

function components(): Schema {
  const schemas: Schema = {
    [qualified('entity')]: { title: 'entity', required: ['@odata.type'], type: 'object', properties: { id: { type: 'string', description: 'The unique identifier for an entity. Read-only.' }, '@odata.type': { type: 'string' } } },
    ReferenceNumeric: { enum: ['-INF', 'INF', 'NaN'], type: 'string', nullable: true },
  };
  for (const type of TYPES) schemas[qualified(type.name)] = entitySchema(type);
  for (const [name, properties] of Object.entries(COMPLEX_TYPES)) {
    schemas[qualified(name)] = { title: name, type: 'object', properties: Object.fromEntries([...properties.map((property) => [property, property === name ? { type: 'string', nullable: true } : describeProperty(property)]), ['@odata.type', { type: 'string' }]]) };
  }
  for (const [name, values] of Object.entries(ENUMS)) schemas[qualified(`${name}Type`)] = { title: `${name}Type`, enum: values, type: 'string' };
  const parameters = {
    top: { name: '$top', in: 'query', description: 'Show only the first n items', style: 'form', explode: false, schema: { minimum: 0, type: 'integer' }, example: 50 },
    skip: { name: '$skip', in: 'query', description: 'Skip the first n items', style: 'form', explode: false, schema: { minimum: 0, type: 'integer' } },
    search: { name: '$search', in: 'query', description: 'Search items by search phrases', style: 'form', explode: false, schema: { type: 'string' } },
    filter: { name: '$filter', in: 'query', description: 'Filter items by property values', style: 'form', explode: false, schema: { type: 'string' } },
    count: { name: '$count', in: 'query', description: 'Include count of items', style: 'form', explode: false, schema: { type: 'boolean' } },
    ConsistencyLevel: { name: 'ConsistencyLevel', in: 'header', description: 'Indicates the requested consistency level. Documentation URL: https://docs.microsoft.com/graph/aad-advanced-queries', style: 'simple', schema: { type: 'string' }, examples: { 'example-1': { description: "$search and $count queries require the client to set the ConsistencyLevel HTTP header to 'eventual'.", value: 'eventual' } } },
  };
  return { schemas, parameters };
}

type Operation = { path: string; method: string; operation: Schema };
type Segment = { collection: string; type: EntityType; key: string };

function keyParameter(segment: Segment): Schema {
  return { name: segment.key, in: 'path', description: `The unique identifier of ${segment.type.name}`, required: true, schema: { type: 'string' }, 'x-ms-docs-key-type': segment.type.name };
}

function allProperties(type: EntityType): string[] {
  const base = type.base === undefined || type.base === 'entity' ? ['id'] : allProperties(byName.get(type.base) as EntityType);
  return [...base, ...type.properties];
}

/** `$select`, `$orderby` and `$expand` list the entity's own names, as Graph's description does. */
function queryOptions(type: EntityType, list: boolean): Schema[] {
  const properties = allProperties(type);
  const expand = ['*', ...type.navigation.map(([property]) => property.split('/').at(-1) as string)];
  const array = (values: string[]) => ({ uniqueItems: true, type: 'array', items: { enum: values, type: 'string' } });
  const common = [
    { name: '$select', in: 'query', description: 'Select properties to be returned', style: 'form', explode: false, schema: array(properties) },
    { name: '$expand', in: 'query', description: 'Expand related entities', style: 'form', explode: false, schema: array(expand) },
  ];
  if (!list) return common;
  const ordering = properties.flatMap((property) => [property, `${property} desc`]);
  return [
    ...['top', 'skip', 'search', 'filter', 'count'].map((name) => ({ $ref: `#/components/parameters/${name}` })),
    { $ref: '#/components/parameters/ConsistencyLevel' },
    { name: '$orderby', in: 'query', description: 'Order items by property values', style: 'form', explode: false, schema: array(ordering) },
    ...common,
  ];
}

function operationsOf(chain: readonly Segment[]): Operation[] {
  const last = chain.at(-1) as Segment;
  const prefix = chain.slice(0, -1).map((segment) => `/${segment.collection}/{${segment.key}}`).join('');
  const collectionPath = `${prefix}/${last.collection}`;
  const itemPath = `${collectionPath}/{${last.key}}`;
  const tag = `${chain[0]?.collection.split('/')[0]}.${chain.length === 1 ? last.type.name : last.type.name}`;
  const idChain = chain.map((segment) => segment.collection.split('/').at(-1) as string);
  const owner = idChain.slice(0, -1).join('.');
  const noun = capitalize(idChain.at(-1) as string);
  const operationId = (verb: string) => (chain.length === 1 ? `${idChain[0]}.${last.type.name}.${verb}${capitalize(last.type.name)}` : `${owner}.${verb}${noun}`);
  const path = chain.slice(0, -1).map(keyParameter);
  const keys = [...path, keyParameter(last)];
  const what = words(last.collection.split('/').at(-1) as string);
  const parent = chain.length > 1 ? ` of ${words(chain.at(-2)?.type.name ?? '')}` : '';
  const docs = { description: 'Find more info here', url: `https://learn.microsoft.com/graph/api/${last.type.name.toLowerCase()}-list?view=graph-rest-1.0` };
  const body = (description: string) => ({ description, content: { 'application/json': { schema: reference(last.type.name) } }, required: true });
  const entity = words(last.type.name);
  const permissions = `Permissions: one of ${capitalize(last.type.name)}.Read.All, ${capitalize(last.type.name)}.ReadWrite.All (delegated, work or school account; application).`;
  const text = {
    list: `Get the ${what}${parent}. This API supports the OData query parameters $count, $expand, $filter, $orderby, $search, $select, $skip and $top to help customize the response; some queries are supported only with the ConsistencyLevel header set to eventual and $count. The default page size is 100 ${entity} objects and the maximum 999; follow @odata.nextLink to read the next page. ${permissions}`,
    create: `Create a new ${entity} object in the ${what}${parent}. Send the properties to set in the request body; properties that are not set take their default values. On success the response is 201 Created with the new ${entity} object, including its id, which later requests use as {${last.key}}. ${permissions}`,
    get: `Read the properties and relationships of a ${entity} object by its id. Use $select to choose the properties returned (a default set is returned otherwise) and $expand to include related entities in the same response. Returns 404 Not Found when no ${entity} has that id. ${permissions}`,
    update: `Update the properties of a ${entity} object. Only the properties in the request body change; the others keep their values. On success the response is 204 No Content; a concurrent change of the same ${entity} answers 412 Precondition Failed. ${permissions}`,
    delete: `Delete a ${entity} object. The object is removed at once and cannot be restored; the ${what}${parent} no longer list it. On success the response is 204 No Content. Pass its ETag in If-Match to delete it only when it is unchanged. ${permissions}`,
  };
  const operations: Operation[] = [
    { path: collectionPath, method: 'get', operation: { tags: [tag], summary: `List ${what}`, description: text.list, externalDocs: docs, operationId: operationId('List'), parameters: [...path, ...queryOptions(last.type, true)] } },
    { path: collectionPath, method: 'post', operation: { tags: [tag], summary: `Create ${singular(what)}`, description: text.create, externalDocs: docs, operationId: operationId('Create'), parameters: path, requestBody: body('New navigation property') } },
    { path: itemPath, method: 'get', operation: { tags: [tag], summary: `Get ${entity}`, description: text.get, externalDocs: docs, operationId: operationId('Get'), parameters: [...keys, ...queryOptions(last.type, false)] } },
    { path: itemPath, method: 'patch', operation: { tags: [tag], summary: `Update ${entity}`, description: text.update, externalDocs: docs, operationId: operationId('Update'), parameters: keys, requestBody: body('New navigation property values') } },
    { path: itemPath, method: 'delete', operation: { tags: [tag], summary: `Delete ${entity}`, description: text.delete, externalDocs: docs, operationId: operationId('Delete'), parameters: [...keys, { name: 'If-Match', in: 'header', description: 'ETag', style: 'simple', schema: { type: 'string' } }] } },
    { path: `${collectionPath}/$count`, method: 'get', operation: { tags: [tag], summary: `Get the number of the resource`, description: `Count the ${what}${parent} that match $filter and $search, without reading them. Requires the ConsistencyLevel header set to eventual. ${permissions}`, operationId: `${idChain.join('.')}.GetCount-${hash(collectionPath)}`, parameters: [...path, { $ref: '#/components/parameters/search' }, { $ref: '#/components/parameters/filter' }, { $ref: '#/components/parameters/ConsistencyLevel' }] } },
  ];
  for (const action of last.type.actions ?? []) {
    operations.push({
      path: `${itemPath}/microsoft.graph.${action}`, method: 'post',
      operation: {
        tags: [tag], summary: `Invoke action ${action}`, description: `${capitalize(words(action))} the ${words(last.type.name)} with the given id. The parameters go in the request body; the action runs at once and answers 204 No Content, or 202 Accepted with a Location header for one that continues in the background. Permissions: ${capitalize(last.type.name)}.ReadWrite.All.`, externalDocs: docs, operationId: `${idChain.join('.')}.${last.type.name}.${action}`, parameters: keys,
        requestBody: { description: 'Action parameters', content: { 'application/json': { schema: actionBody(action, last.type) } }, required: true },
      },
    });
  }
  for (const name of last.type.functions ?? []) {
    const bound = name === 'delta' ? `${collectionPath}/microsoft.graph.delta()` : `${itemPath}/microsoft.graph.${name}()`;
    operations.push({ path: bound, method: 'get', operation: { tags: [tag], summary: `Invoke function ${name}`, description: `${capitalize(words(name))} for the ${words(last.type.name)}. A function reads and changes nothing; it answers 200 OK with its result. ${name === 'delta' ? 'Call it first without a token to read everything, then with the @odata.deltaLink of the last page to read only what changed since. ' : ''}Permissions: ${capitalize(last.type.name)}.Read.All.`, externalDocs: docs, operationId: `${idChain.join('.')}.${last.type.name}.${name}`, parameters: [...(name === 'delta' ? path : keys), ...queryOptions(last.type, name === 'delta')] } });
  }
  for (const { path: at, method, operation } of operations) operation.description = `${String(operation.description)}\n\nHTTP request: ${method.toUpperCase()} https://graph.microsoft.com/v1.0${at}`;
  return operations;
}

/** Action bodies: a few typed fields, and (as Graph's are) open to more. */
function actionBody(action: string, type: EntityType): Schema {
  const fields: Record<string, Schema> = {
    Comment: { type: 'string', nullable: true },
    SendResponse: { type: 'boolean', default: false, nullable: true },
  };
  if (/^(reply|replyAll|forward|createReply|createForward|sendMail)$/.test(action)) {
    Object.assign(fields, { Message: { anyOf: [reference('message'), { type: 'object', nullable: true }] }, ToRecipients: { type: 'array', items: reference('recipient') }, SaveToSentItems: { type: 'boolean', default: false, nullable: true } });
  } else if (/^(move|copy)/.test(action)) {
    Object.assign(fields, { DestinationId: { type: 'string', nullable: true }, parentReference: { anyOf: [reference('itemReference'), { type: 'object', nullable: true }] }, name: { type: 'string', nullable: true } });
  } else if (/Upload/.test(action)) {
    Object.assign(fields, { AttachmentItem: { type: 'object', properties: { attachmentType: { type: 'string' }, name: { type: 'string', nullable: true }, size: { type: 'number', format: 'int64' } } } });
  } else {
    Object.assign(fields, { [`${type.name}Id`]: { type: 'string', nullable: true } });
  }
  return { type: 'object', properties: fields, additionalProperties: { type: 'object' } };
}

/** A stable short suffix, as Graph's `GetCount-<hash>` operationIds carry. */
function hash(text: string): string {
  let value = 2166136261;
  for (const character of text) value = Math.imul(value ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  return value.toString(16).padStart(8, '0').slice(0, 8);
}

function walk(chain: readonly Segment[], visit: (chain: readonly Segment[]) => void): void {
  visit(chain);
  if (chain.length >= MAX_DEPTH) return;
  const last = chain.at(-1) as Segment;
  for (const [collection, target] of last.type.navigation) {
    const type = byName.get(target);
    // A type reached again down the same path (a folder's child folders' child folders …) is listed once.
    if (!type || chain.filter((segment) => segment.type.name === target).length >= 2) continue;
    walk([...chain, { collection, type, key: `${type.name}-id${chain.some((segment) => segment.type.name === target) ? '1' : ''}` }], visit);
  }
}

/** The document: deterministic, `GRAPH_OPERATION_COUNT` operations. */
export function generateGraphCatalog(): Schema {
  const operations: Operation[] = [];
  for (const [collection, typeName] of ROOTS) {
    walk([{ collection, type: byName.get(typeName) as EntityType, key: `${typeName}-id` }], (chain) => operations.push(...operationsOf(chain)));
  }
  if (operations.length < GRAPH_OPERATION_COUNT) throw new Error(`only ${operations.length} operations generated`);
  const paths: Record<string, Schema> = {};
  for (const { path, method, operation } of operations.slice(0, GRAPH_OPERATION_COUNT)) {
    (paths[path] ??= {})[method] = operation;
  }
  const tags = [...new Set(operations.slice(0, GRAPH_OPERATION_COUNT).map(({ operation }) => (operation.tags as string[])[0] as string))].map((name) => ({ name, 'x-ms-docs-toc-type': 'page' }));
  return {
    openapi: '3.0.4',
    info: { title: 'OData Service for namespace microsoft.graph (generated fixture)', description: 'A generated document shaped like the Microsoft Graph v1.0 OpenAPI description, for load tests.', version: 'v1.0' },
    servers: [{ url: 'https://graph.microsoft.com/v1.0' }],
    paths,
    components: components(),
    tags,
  };
}

/** The fixture's text: the document as compact JSON (4.7M characters). */
export function renderGraphCatalog(): string {
  return JSON.stringify(generateGraphCatalog());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = renderGraphCatalog();
  writeFileSync(GRAPH_FIXTURE_FILE, gzipSync(text, { level: 9 }));
  console.log(`${GRAPH_FIXTURE_FILE.pathname}: ${(text.length / 1e6).toFixed(2)} M characters, ${GRAPH_OPERATION_COUNT} operations`);
}
