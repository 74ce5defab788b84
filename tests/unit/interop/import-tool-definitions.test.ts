import { beforeAll, describe, expect, it } from 'vitest';
import { exportTools } from '@/lib/interop/export/export-tools';
import { importToolDefinitions } from '@/lib/interop/import/import-tool-definitions';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createSampleTools } from './interop-fixtures';
import { importOk, listUncompilableTools } from './import-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});


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

describe('one unusable entry does not stop the others', () => {
  it('MCP: entries without a name, with a non-object or uncompilable schema, or not objects are skipped with the reason', () => {
    const imported = importOk(JSON.stringify({
      tools: [
        { inputSchema: { type: 'object' } },
        { name: 'echo', description: 'Echo a message.', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
        { name: 'scalar', inputSchema: { type: 'string' } },
        'not a tool',
        { name: 'dangling', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } } },
        { name: 'get pet!', inputSchema: { type: 'object', properties: { id: { type: 'integer', minimum: 0, exclusiveMinimum: true } } } },
      ],
    }));
    expect(imported.tools.map((tool) => tool.name)).toEqual(['echo', 'get_pet']);
    expect(imported.skipped).toEqual([
      { pointer: '/tools/0', reason: '/tools/0/name: expected a non-empty string, got nothing.' },
      { pointer: '/tools/2', name: 'scalar', reason: '/tools/2/inputSchema/type: the root of a parameter schema must be type "object", got "string".' },
      { pointer: '/tools/3', reason: '/tools/3: expected a tool object, got a string.' },
      { pointer: '/tools/4', name: 'dangling', reason: "/tools/4/inputSchema: The JSON Schema is invalid: can't resolve reference #/$defs/Missing from id #" },
    ]);
    expect(imported.notes).toEqual(['/tools/5/name: "get pet!" renamed to "get_pet".']);
    expect(imported.tools[1]?.jsonSchema).toEqual({ type: 'object', properties: { id: { type: 'integer', exclusiveMinimum: 0 } } });
    expect(listUncompilableTools(imported)).toEqual([]);
  });

  it('OpenAI: a function with an invalid schema, a bad namespace member or a bad type is skipped; names are made valid', () => {
    const imported = importOk(JSON.stringify([
      { type: 'function', name: 'broken', parameters: [] },
      { type: 'function', name: 'get pet', parameters: { type: 'object', properties: {} } },
      { type: 'namespace', name: 'crm', description: 'Customers.', tools: [{ type: 'function', name: 'find', parameters: { type: 'object' } }, { name: 'loose' }] },
      { type: 'web_search' },
      { name: 'typeless' },
      { type: 'function', name: 'pattern', parameters: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { tag: { type: 'string', pattern: '^(?!x)' } } } },
    ]));
    expect(imported.format).toBe('openai-responses');
    expect(imported.tools.map((tool) => [tool.namespace ?? '', tool.name])).toEqual([['', 'get_pet'], ['crm', 'find'], ['', 'pattern']]);
    expect(imported.skipped).toEqual([
      { pointer: '/0', name: 'broken', reason: '/0/parameters: expected a JSON Schema object, got an array.' },
      { pointer: '/2/tools/1', name: 'loose', reason: '/2/tools/1: expected a {"type": "function"} tool inside the namespace.' },
      { pointer: '/4', name: 'typeless', reason: '/4/type: expected "function" or "namespace", got nothing.' },
    ]);
    expect(imported.notes).toEqual([
      '/3: skipped the hosted "web_search" tool; it has no parameter schema to edit.',
      '/1/name: "get pet" renamed to "get_pet".',
      '/5/parameters/$schema: "http://json-schema.org/draft-04/schema#" read as draft-07, which the runtime validates with.',
      '/5/parameters/properties/tag/pattern: dropped, so the value is not checked against it. The pattern "^(?!x)" uses lookaround; patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.',
    ]);
    expect(imported.tools[2]?.jsonSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { tag: { type: 'string' } } });
    expect(listUncompilableTools(imported)).toEqual([]);
  });

  it('fails only when nothing is usable, quoting the reasons', () => {
    const imported = importToolDefinitions(JSON.stringify({ tools: [{ inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'array' } }] }));
    expect(imported).toEqual({
      ok: false,
      error: {
        code: 'no-tools',
        pointer: '',
        message:
          'an MCP tools/list result with no usable tools; all 2 were skipped: /tools/0/name: expected a non-empty string, got nothing. /tools/1/inputSchema/type: the root of a parameter schema must be type "object", got "array".',
      },
    });
  });
});

describe('bad input', () => {
  const cases: [string, string, string, string][] = [
    ['not JSON', '{"tools": [', 'invalid-json', 'not valid JSON'],
    ['neither JSON nor YAML', 'tools: [a, b', 'invalid-json', 'neither JSON ('],
    ['neither format', '{"functions": []}', 'unknown-format', '/tools: expected a tools array, an object with a "tools" array (MCP tools/list), or an OpenAPI or Swagger document.'],
    ['the only MCP tool has no root object', '{"tools": [{"name": "x", "inputSchema": {"type": "string"}}]}', 'no-tools', '/tools/0/inputSchema/type: the root of a parameter schema must be type "object", got "string".'],
    ['the only MCP tool has no name', '{"tools": [{"inputSchema": {"type": "object"}}]}', 'no-tools', '/tools/0/name: expected a non-empty string, got nothing.'],
    ['Chat Completions parameters missing', '[{"type": "function", "function": {"name": "a"}}]', 'no-tools', '/0/function/parameters: is missing; expected a JSON Schema object.'],
    ['namespace member', '[{"type": "namespace", "name": "crm", "tools": [{"type": "function", "name": "x", "parameters": []}]}]', 'no-tools', '/0/tools/0/parameters: expected a JSON Schema object, got an array.'],
    ['Swagger 1.2', '{"swagger": "1.2", "paths": {}}', 'invalid-field', '/swagger: expected "2.0", got "1.2"; Swagger 1.x documents are not supported.'],
    ['OpenAPI 4', '{"openapi": "4.0.0", "paths": {}}', 'invalid-field', '/openapi: expected an OpenAPI 3.x version string, got "4.0.0".'],
    ['OpenAPI parameter location', '{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"name": "q", "in": "body"}]}}}}', 'no-tools', '/paths/~1a/get/parameters/0/in: expected one of "path", "query", "header", "cookie", got "body".'],
    [
      'OpenAPI dangling $ref',
      '{"openapi": "3.1.0", "paths": {"/a": {"post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}}}',
      'no-tools',
      '/paths/~1a/post/requestBody/content/application~1json/schema/$ref: #/components/schemas/Nope does not exist in the document.',
    ],
    ['OpenAPI without paths', 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}', 'no-tools', '/paths: the document has no paths, so there are no operations to import.'],
    ['no tools', '{"tools": []}', 'no-tools', '(document): an OpenAI Responses tools array with no function tools to import.'],
  ];
  it.each(cases)('%s', (_label, text, code, message) => {
    const imported = importToolDefinitions(text);
    expect(imported.ok).toBe(false);
    if (!imported.ok) {
      expect(imported.error.code).toBe(code);
      expect(imported.error.message).toContain(message);
    }
  });
});
