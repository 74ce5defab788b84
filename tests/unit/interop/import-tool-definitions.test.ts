import { beforeAll, describe, expect, it } from 'vitest';
import { exportTools } from '@/lib/interop/export-tools';
import { importToolDefinitions } from '@/lib/interop/import-tool-definitions';
import type { ToolImport } from '@/lib/interop/imported-tool';
import { compileToolModule } from '@/lib/sandbox/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/context-pool';
import { createSampleTools } from './interop-fixtures';

beforeAll(async () => {
  await prewarmSandboxPool();
});

function importOk(text: string): ToolImport {
  const imported = importToolDefinitions(text);
  if (!imported.ok) throw new Error(imported.error.message);
  return imported.value;
}

describe('round trips', () => {
  const tools = createSampleTools();

  it('OpenAI Responses: export → import keeps names, namespaces, strict, defer_loading and the sent schemas', () => {
    const imported = importOk(exportTools(tools, 'openai-responses').text);
    expect(imported.format).toBe('openai-responses');
    expect(imported.notes).toEqual(['/5: skipped the hosted "tool_search" tool; it has no parameter schema to edit.']);
    expect(imported.tools.map((tool) => [tool.namespace ?? '', tool.name, tool.strict, tool.deferLoading])).toEqual([
      ['', 'get_pet', true, false],
      ['', 'search_pets', true, false],
      ['crm', 'find', true, true],
      ['crm', 'delete', false, false],
      ['', 'merge_records', true, false],
      ['', 'pick_one', false, false],
    ]);
    expect(imported.tools.map((tool) => tool.jsonSchema)).toEqual(tools.map((tool) => (tool.qualifiedName === 'pick_one' ? tool.jsonSchema : tool.sentSchema)));
    expect(imported.tools[2]?.namespaceDescription).toBe('Customer records.');
  });

  it('MCP tools/list: export → import keeps the authored schemas, namespaces and risk flags', () => {
    const imported = importOk(exportTools(tools, 'mcp-tools-list').text);
    expect(imported.format).toBe('mcp-tools-list');
    expect(imported.tools.map((tool) => tool.jsonSchema)).toEqual(tools.map((tool) => tool.jsonSchema));
    expect(imported.tools.map((tool) => [tool.namespace ?? '', tool.name, tool.isReadOnly, tool.isDestructive])).toEqual([
      ['', 'get_pet', true, false],
      ['', 'search_pets', true, false],
      ['crm', 'find', true, false],
      ['crm', 'delete', false, true],
      ['', 'merge_records', false, false],
      ['', 'pick_one', false, false],
    ]);
  });

  it('Chat Completions: export → import keeps the sent schemas under flattened names', () => {
    const imported = importOk(exportTools(tools, 'openai-chat-completions').text);
    expect(imported.format).toBe('openai-chat-completions');
    expect(imported.tools.map((tool) => tool.name)).toEqual(['get_pet', 'search_pets', 'crm__find', 'crm__delete', 'merge_records', 'pick_one']);
    expect(imported.tools.map((tool) => tool.jsonSchema)).toEqual(tools.map((tool) => (tool.qualifiedName === 'pick_one' ? tool.jsonSchema : tool.sentSchema)));
  });

  it('the imported module compiles in the sandbox to the same schemas and flags', async () => {
    const imported = importOk(exportTools(tools, 'mcp-tools-list').text);
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools.map((tool) => tool.parameters)).toEqual(tools.map((tool) => tool.jsonSchema));
    expect(compiled.tools.map((tool) => [tool.namespace ?? '', tool.name, tool.schemaSource, tool.isReadOnly, tool.isDestructive])).toEqual(
      tools.map((tool) => [tool.namespace ?? '', tool.name, 'json-schema', tool.risk === 'read', tool.risk === 'destructive']),
    );
  });
});

const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{petId}': {
      parameters: [{ $ref: '#/components/parameters/PetId' }],
      get: { operationId: 'getPet', summary: 'Find a pet by id.' },
      delete: { summary: 'Remove a pet.' },
    },
    '/pets': {
      get: {
        operationId: 'list pets!',
        parameters: [{ name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', maximum: 100 } }],
      },
      post: {
        operationId: 'createPet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
      },
    },
  },
  components: {
    parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } } },
    schemas: {
      NewPet: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' }, tag: { type: 'string', nullable: true }, parent: { $ref: '#/components/schemas/NewPet' } } },
    },
  },
};

describe('OpenAPI import', () => {
  it('turns operations into tools: parameters and body as properties, $refs into $defs, 3.0 nullable into a null type', async () => {
    const imported = importOk(JSON.stringify(PETSTORE));
    expect(imported.format).toBe('openapi');
    expect(imported.tools.map((tool) => [tool.name, tool.isReadOnly, tool.isDestructive, tool.description])).toEqual([
      ['getPet', true, false, 'Find a pet by id.'],
      ['delete_pets_petId', false, true, 'Remove a pet.'],
      ['list_pets', true, false, 'GET /pets'],
      ['createPet', false, false, 'POST /pets'],
    ]);
    expect(imported.tools[0]?.jsonSchema).toEqual({
      type: 'object',
      properties: { petId: { type: 'integer', format: 'int64' } },
      required: ['petId'],
      additionalProperties: false,
    });
    expect(imported.tools[2]?.jsonSchema.properties).toEqual({ limit: { type: 'integer', maximum: 100, description: 'Page size.' } });
    expect(imported.tools[2]?.jsonSchema.required).toEqual([]);
    expect(imported.tools[3]?.jsonSchema).toEqual({
      type: 'object',
      properties: { body: { $ref: '#/$defs/NewPet' } },
      required: ['body'],
      additionalProperties: false,
      $defs: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', examples: ['Rex'] }, tag: { type: ['string', 'null'] }, parent: { $ref: '#/$defs/NewPet' } },
        },
      },
    });
    expect(imported.notes).toEqual(['/paths/~1pets/get/operationId: "list pets!" renamed to "list_pets".']);
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools.map((tool) => tool.name)).toEqual(['getPet', 'delete_pets_petId', 'list_pets', 'createPet']);
  });
});

describe('bad input', () => {
  const cases: [string, string, string][] = [
    ['not JSON', '{"tools": [', 'not valid JSON'],
    ['YAML', 'openapi: 3.0.0\npaths: {}', 'YAML is not supported; convert the document to JSON first.'],
    ['neither format', '{"functions": []}', '/tools: expected a tools array, an object with a "tools" array (MCP tools/list), or an OpenAPI 3 document.'],
    ['MCP tool without a root object', '{"tools": [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "string"}}]}', '/tools/1/inputSchema/type: the root of a parameter schema must be type "object", got "string".'],
    ['MCP tool without a name', '{"tools": [{"inputSchema": {"type": "object"}}]}', '/tools/0/name: expected a non-empty string, got nothing.'],
    ['OpenAI name outside the pattern', '[{"type": "function", "name": "get pet", "parameters": {"type": "object"}}]', '/0/name: "get pet" does not match ^[a-zA-Z0-9_-]{1,64}$.'],
    ['Chat Completions parameters missing', '[{"type": "function", "function": {"name": "a"}}]', '/0/function/parameters: is missing; expected a JSON Schema object.'],
    ['namespace member', '[{"type": "namespace", "name": "crm", "tools": [{"type": "function", "name": "x", "parameters": []}]}]', '/0/tools/0/parameters: expected a JSON Schema object, got an array.'],
    ['Swagger 2.0', '{"swagger": "2.0", "paths": {}}', '/openapi: expected an OpenAPI 3.x version string, got null; convert Swagger 2.0 documents to OpenAPI 3 first.'],
    ['OpenAPI parameter location', '{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"name": "q", "in": "body"}]}}}}', '/paths/~1a/get/parameters/0/in: expected one of "path", "query", "header", "cookie", got "body".'],
    ['OpenAPI dangling $ref', '{"openapi": "3.1.0", "paths": {"/a": {"post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}}}', '/paths/~1a/post/requestBody/content/$ref: #/components/schemas/Nope does not exist in the document.'],
    ['no tools', '{"tools": []}', '(document): an OpenAI Responses tools array with no function tools to import.'],
  ];
  it.each(cases)('%s', (_label, text, message) => {
    const imported = importToolDefinitions(text);
    expect(imported.ok).toBe(false);
    if (!imported.ok) expect(imported.error.message).toContain(message);
  });
});
