import { beforeAll, describe, expect, it } from 'vitest';
import { importToolDefinitions } from '@/lib/interop/import/import-tool-definitions';
import type { ImportedTool } from '@/lib/interop/import/imported-tool';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { countOccurrences, importOk, listToolNames, listUncompilableTools, readCatalog } from './import-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});

function readBody(tool: ImportedTool | undefined): unknown {
  return (tool?.jsonSchema.properties as Record<string, unknown> | undefined)?.body;
}

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
      Unused: { type: 'string' },
    },
  },
};

describe('OpenAPI import', () => {
  it('turns operations into tools whose schemas share the component schemas, written once', () => {
    const imported = importOk(JSON.stringify(PETSTORE));
    expect(imported.format).toBe('openapi');
    expect(imported.tools.map((tool) => [tool.name, tool.isReadOnly, tool.isDestructive, tool.description])).toEqual([
      ['getPet', true, false, 'Find a pet by id.'],
      ['delete_pets_petId', false, true, 'Remove a pet.'],
      ['list_pets', true, false, 'GET /pets'],
      ['createPet', false, false, 'POST /pets'],
    ]);
    expect(imported.tools[0]?.jsonSchema).toEqual({ type: 'object', properties: { petId: { type: 'integer', format: 'int64' } }, required: ['petId'], additionalProperties: false });
    expect(imported.tools[2]?.jsonSchema.properties).toEqual({ limit: { type: 'integer', maximum: 100, description: 'Page size.' } });
    expect(imported.tools[3]?.jsonSchema).toEqual({ type: 'object', properties: { body: { $ref: '#/$defs/NewPet' } }, required: ['body'], additionalProperties: false });
    expect(imported.definitions).toEqual({
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', examples: ['Rex'] }, tag: { type: ['string', 'null'] }, parent: { $ref: '#/$defs/NewPet' } },
      },
    });
    expect(imported.notes).toEqual(['/paths/~1pets/get/operationId: "list pets!" renamed to "list_pets".']);
    expect(countOccurrences(imported.source, 'const definitions = {')).toBe(1);
    expect(countOccurrences(imported.source, '    definitions,\n')).toBe(1);
    expect(imported.source).not.toContain('$defs: {');
    expect(listUncompilableTools(imported)).toEqual([]);
  });

  it('writes a module the sandbox compiles, each tool receiving the definitions it reaches in $defs', async () => {
    const imported = importOk(JSON.stringify(PETSTORE));
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools.map((tool) => tool.name)).toEqual(['getPet', 'delete_pets_petId', 'list_pets', 'createPet']);
    expect(compiled.tools[3]?.parameters.$defs).toEqual(imported.definitions);
    expect(compiled.tools[0]?.parameters.$defs).toBeUndefined();
  });

  it('reads Swagger 2.0 (upgraded by @scalar/openapi-parser): body and form parameters, shared parameters, draft-04 bounds, tags', () => {
    const imported = importOk(readCatalog('petstore-forms.swagger2.json'));
    expect(listToolNames(imported)).toEqual(['pet.addPet', 'pet.updatePetWithForm', 'pet.deletePet', 'store.getOrderById']);
    expect(imported.tools.map((tool) => [tool.namespaceDescription, tool.tags])).toEqual([
      ['Everything about your Pets', ['pet']],
      ['Everything about your Pets', ['pet']],
      ['Everything about your Pets', ['pet']],
      ['Access to Petstore orders', ['store']],
    ]);
    const [addPet, updatePet, deletePet, getOrder] = imported.tools;
    expect(addPet?.jsonSchema.properties).toEqual({ body: { $ref: '#/$defs/Pet', description: 'Pet object that needs to be added to the store' } });
    expect(updatePet?.jsonSchema.properties).toEqual({
      petId: { type: 'integer', format: 'int64', description: 'ID of pet' },
      body: { type: 'object', properties: { name: { type: 'string', description: 'Updated name of the pet' }, status: { type: 'string', description: 'Updated status of the pet' } }, required: [] },
    });
    expect(deletePet?.jsonSchema.required).toEqual(['petId']);
    expect(getOrder?.jsonSchema.properties).toEqual({ orderId: { type: 'integer', format: 'int64', minimum: 1, exclusiveMaximum: 10, description: 'ID of pet that needs to be fetched' } });
    expect(Object.keys(imported.definitions)).toEqual(['Pet', 'Category']);
    expect((imported.definitions.Pet as { properties: Record<string, unknown> }).properties.id).toEqual({ type: 'integer', format: 'int64', exclusiveMinimum: 0 });
    expect(imported.source).toContain('const parameters = {\n  petId: { type: \'integer\', format: \'int64\', description: \'ID of pet\' },\n};');
    expect(countOccurrences(imported.source, 'petId: parameters.petId,')).toBe(2);
    expect(listUncompilableTools(imported)).toEqual([]);
  });

  it('reads the real Swagger 2.0 and OpenAPI 3.0 YAML Petstores alike', () => {
    const swagger = importOk(readCatalog('petstore.swagger2.json'));
    const yaml = importOk(readCatalog('petstore.openapi3.yaml'));
    for (const imported of [swagger, yaml]) {
      expect(imported.format).toBe('openapi');
      expect(listToolNames(imported)).toEqual(['pets.listPets', 'pets.createPets', 'pets.showPetById']);
      expect(imported.tools[0]?.jsonSchema.properties).toEqual({ limit: { type: 'integer', format: 'int32', description: 'How many items to return at one time (max 100)' } });
      expect(imported.tools[2]?.jsonSchema.required).toEqual(['petId']);
      expect(imported.skipped).toEqual([]);
      expect(listUncompilableTools(imported)).toEqual([]);
    }
  });

  it('skips the one operation of the real expanded Petstore whose schema refers to another file', () => {
    const imported = importOk(readCatalog('petstore-expanded.swagger2.json'));
    expect(listToolNames(imported)).toEqual(['findPets', 'findPetById', 'deletePet']);
    expect(imported.skipped).toEqual([
      { pointer: '/paths/~1pets/post', name: 'addPet', reason: '/components/schemas/newPet/allOf/0/$ref: "pet" refers outside the document; only references within it (#/…) are followed.' },
    ]);
    expect(imported.tools[0]?.jsonSchema.properties).toEqual({
      tags: { type: 'array', items: { type: 'string' }, description: 'tags to filter by' },
      limit: { type: 'integer', format: 'int32', description: 'maximum number of results to return' },
    });
  });

  it('skips only the operations of a Swagger 2.0 path the upgrader cannot read', () => {
    const document = {
      swagger: '2.0',
      info: { title: 'Broken', version: '1' },
      paths: {
        '/ok': { get: { operationId: 'ok', parameters: [{ name: 'q', in: 'query', type: 'string' }] } },
        '/broken': { get: { operationId: 'broken', parameters: [{ name: 'x', type: 'string' }] } },
      },
    };
    const imported = importOk(JSON.stringify(document));
    expect(listToolNames(imported)).toEqual(['ok']);
    expect(imported.skipped).toEqual([{ pointer: '/paths/~1broken/get', name: 'broken', reason: 'could not be upgraded from Swagger 2.0 to OpenAPI 3.1 (Parameter object must have an "in" property).' }]);
  });

  it('keeps a property named like a keyword the upgrade rewrites (example)', () => {
    const schema = { type: 'object', properties: { example: { type: 'string' }, name: { type: 'string', example: 'Rex' } } };
    const document = { openapi: '3.0.3', info: { title: 'Examples', version: '1' }, paths: { '/a': { post: { operationId: 'a', requestBody: { content: { 'application/json': { schema } } } } } } };
    const imported = importOk(JSON.stringify(document));
    expect(readBody(imported.tools[0])).toEqual({ type: 'object', properties: { example: { type: 'string' }, name: { type: 'string', examples: ['Rex'] } } });
    expect(imported.notes).toEqual([]);
  });

  it('says a webhooks-only 3.1 document has nothing to import', () => {
    const imported = importToolDefinitions(readCatalog('webhooks-only.openapi31.json'));
    expect(imported).toEqual({
      ok: false,
      error: {
        code: 'no-tools',
        pointer: '',
        message: '(document): the document has 1 webhook and no paths; webhooks are requests the API sends to you, not operations to call, so there is nothing to import.',
      },
    });
  });
});

describe('OpenAPI references', () => {
  const imported = importOk(readCatalog('references.openapi31.json'));

  it('follow any local JSON pointer: path items, cross-path parameters, parts of components and of paths, components/pathItems', () => {
    expect(listToolNames(imported)).toEqual(['getA', 'getA_2', 'getC', 'postD', 'putG', 'ping']);
    const id = { type: 'string', pattern: '^[a-z]+$' };
    expect(imported.tools[1]?.jsonSchema.properties).toEqual({ id });
    expect(imported.tools[2]?.jsonSchema).toEqual({ type: 'object', properties: { id }, required: ['id'], additionalProperties: false });
    expect(imported.tools[3]?.jsonSchema.properties).toEqual({
      body: {
        type: 'object',
        properties: {
          street: { $ref: '#/$defs/Address.properties.street' },
          same_id: { $ref: '#/$defs/paths._a.get.parameters.0.schema' },
          tree: { $ref: '#/$defs/Node' },
        },
      },
    });
    expect(imported.tools[4]?.jsonSchema.properties).toEqual({ body: { $ref: '#/$defs/Node' } });
    expect(imported.definitions).toEqual({
      'Address.properties.street': { type: 'string', minLength: 1 },
      'paths._a.get.parameters.0.schema': id,
      Node: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } }, first_child: { $ref: '#/$defs/Node.properties.children.items' } },
      },
      'Node.properties.children.items': { $ref: '#/$defs/Node' },
    });
    expect(imported.notes).toEqual(['/paths/~1b/get/operationId: "getA" renamed to "getA_2".']);
    expect(listUncompilableTools(imported)).toEqual([]);
  });

  it('skip the operation whose reference leaves the document, or whose parameter is broken', () => {
    expect(imported.skipped).toEqual([
      {
        pointer: '/paths/~1e/post',
        name: 'postE',
        reason: '/paths/~1e/post/requestBody/content/application~1json/schema/$ref: "common.yaml#/components/schemas/Thing" refers outside the document; only references within it (#/…) are followed.',
      },
      { pointer: '/paths/~1f/get', name: 'getF', reason: '/paths/~1f/get/parameters/0/$ref: "https://example.com/parameters.json#/limit" refers outside the document; only references within it (#/…) are followed.' },
      { pointer: '/paths/~1h/get', name: 'getH', reason: '/paths/~1h/get/parameters/0/in: expected one of "path", "query", "header", "cookie", got "body".' },
    ]);
  });
});

describe('OpenAPI dialects', () => {
  const imported = importOk(readCatalog('dialects.openapi31.json'));

  it('reads boolean bounds, leftover nullable and malformed types as 3.0 meant them', () => {
    expect(listToolNames(imported)).toEqual(['people.list', 'people.create']);
    expect(imported.tools[0]?.jsonSchema.properties).toEqual({
      age_over: { type: 'integer', exclusiveMinimum: 18 },
      limit: { type: 'integer', maximum: 100 },
      cursor: { type: ['string', 'null'] },
      q: { type: 'string', pattern: "^[\\p{L}\\p{M}\\s'-]+$" },
    });
    const person = imported.definitions.NewPerson as { properties: Record<string, unknown> };
    expect(person.properties).toEqual({
      name: { type: 'string', pattern: '^\\p{Lu}\\p{Ll}+(?: \\p{Lu}\\p{Ll}+)*$' },
      handle: { type: 'string', pattern: '^[a-z0-9]+_[a-z0-9]+$' },
      password: { type: 'string' },
      greek_alias: { type: 'string' },
      bio: { type: 'string', pattern: '^[\\s\\S]*$', maxLength: 5000 },
      nickname: { type: ['string', 'null'] },
      // 3.0's `allOf` around a lone `$ref` (there to give it siblings) is the `$ref` itself in 2020-12.
      manager: { anyOf: [{ $ref: '#/$defs/PersonRef' }, { type: 'null' }] },
      age: {},
    });
    expect(imported.definitions.PersonRef).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'integer', exclusiveMinimum: 0 } } });
  });

  it('drops the patterns the engine cannot run, with a note on each tool that reaches them', () => {
    const dropped = [
      '/components/schemas/NewPerson/properties/password/pattern: dropped, so the value is not checked against it. The pattern "^(?=.*[A-Z])(?=.*\\\\d).{12,}$" uses lookaround; patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.',
      '/components/schemas/NewPerson/properties/greek_alias/pattern: dropped, so the value is not checked against it. The pattern "^\\\\p{Script=Greek}+$" cannot be written for RE2 (error parsing regexp: invalid character class range: `\\p{Script=Greek}`); patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.',
      '/components/schemas/NewPerson/properties/age/type: "int" is not a JSON Schema type; dropped.',
    ];
    expect(imported.tools[0]?.notes).toEqual([]);
    // NewPerson's open object is closed by strictify; its `age`, whose only keyword was dropped, takes any value, which strict mode cannot say.
    const relaxed = "people.create: imported with strict: false because /$defs/NewPerson/properties/age has no 'type', so it takes any value, which OpenAI strict mode cannot express.";
    expect(imported.tools[1]?.notes).toEqual([...dropped, relaxed]);
    expect(imported.tools[1]?.strict).toBe(false);
    expect(imported.notes).toEqual([...dropped, relaxed]);
    expect(listUncompilableTools(imported)).toEqual([]);
  });
});

describe('OpenAPI names and namespaces', () => {
  it('take the first tag as namespace and drop its prefix from the operationId', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Tags', version: '1' },
      tags: [{ name: 'repos', description: 'Repositories.' }],
      paths: {
        '/a': {
          get: { operationId: 'repos/get', tags: ['repos'] },
          put: { operationId: 'repos_get', tags: ['repos'] },
          post: { operationId: 'repos-get', tags: ['repos'] },
          patch: { operationId: 'reposGet', tags: ['repos'] },
        },
        '/b': { get: { operationId: 'listPets', tags: ['Pet Store', 'other'] }, post: { tags: ['!!!', 'pets'] } },
      },
    };
    const imported = importOk(JSON.stringify(document));
    expect(imported.tools.map((tool) => [tool.namespace, tool.name, tool.namespaceDescription, tool.tags])).toEqual([
      ['repos', 'get', 'Repositories.', ['repos']],
      ['repos', 'get_2', 'Repositories.', ['repos']],
      ['repos', 'get_3', 'Repositories.', ['repos']],
      ['repos', 'reposGet', 'Repositories.', ['repos']],
      ['Pet_Store', 'listPets', undefined, ['Pet Store', 'other']],
      ['pets', 'post_b', undefined, ['!!!', 'pets']],
    ]);
    expect(imported.notes).toEqual(['/paths/~1a/put/operationId: "repos_get" renamed to "get_2".', '/paths/~1a/post/operationId: "repos-get" renamed to "get_3".']);
  });

  it('write every tag of an operation into the module, where the compiled tools carry them for the panel filter', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Tags', version: '1' },
      paths: { '/b': { get: { operationId: 'listPets', tags: ['Pet Store', 'other'] }, post: { operationId: 'addPet' } } },
    };
    const imported = importOk(JSON.stringify(document));
    expect(imported.source).toContain("    tags: ['Pet Store', 'other'],\n");
    const compiled = await compileToolModule(imported.source);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools.map((tool) => [tool.name, tool.tags])).toEqual([['listPets', ['Pet Store', 'other']], ['addPet', undefined]]);
  });

  it('group a slice of GitHub by tag, share its component schemas once and keep every tool compiling', () => {
    const imported = importOk(readCatalog('github-rest-slice.openapi.json'));
    expect(listToolNames(imported)).toEqual([
      'actions.set-artifact-and-log-retention-settings-repository',
      'actions.set-artifact-and-log-retention-settings-organization',
      'dependency-graph.create-repository-snapshot',
      'meta.root',
      'repos.get',
      'repos.delete',
      'repos.update',
      'issues.create',
      'markdown.render-raw',
      'projects.update-item-for-org',
      'orgs.create-artifact-deployment-record',
    ]);
    const [repository, organization] = imported.tools;
    expect(readBody(repository)).toEqual({ $ref: '#/$defs/actions-artifact-and-log-retention' });
    expect(readBody(organization)).toEqual({ $ref: '#/$defs/actions-artifact-and-log-retention' });
    expect(Object.keys(imported.definitions)).toEqual(['actions-artifact-and-log-retention', 'snapshot', 'metadata', 'manifest', 'dependency']);
    expect(countOccurrences(imported.source, 'const definitions = {')).toBe(1);
    expect(countOccurrences(imported.source, "  'actions-artifact-and-log-retention': {")).toBe(1);
    expect(imported.tools.find((tool) => tool.name === 'get')?.namespaceDescription).toBe('Interact with GitHub Repos.');
    const item = imported.tools.find((tool) => tool.name === 'update-item-for-org');
    const fields = readBody(item) as { properties: { fields: { items: { properties: { value: unknown } } } } };
    expect(fields.properties.fields.items.properties.value).toMatchObject({ anyOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] });
    expect(imported.notes).toEqual([
      expect.stringMatching(/^dependency-graph\.create-repository-snapshot: imported with strict: false because \/\$defs\/snapshot\/properties\/manifests is a map /),
      '/paths/~1markdown~1raw/post/requestBody: no JSON or form media type (only text/plain, text/x-markdown); the body is left out.',
      expect.stringMatching(/^orgs\.create-artifact-deployment-record: imported with strict: false because \/properties\/body\/properties\/tags is a map /),
    ]);
    expect(imported.skipped).toEqual([]);
    expect(listUncompilableTools(imported)).toEqual([]);
  });
});

describe('a chain of references thousands deep', () => {
  it('imports in one pass, without recursing as deep as the chain', () => {
    const length = 5_000;
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < length; index += 1) {
      schemas[`S${index}`] = index === length - 1 ? { type: 'string' } : { type: 'object', properties: { next: { $ref: `#/components/schemas/S${index + 1}` } } };
    }
    const document = {
      openapi: '3.0.0',
      info: { title: 'deep', version: '1' },
      paths: { '/a': { post: { operationId: 'deep', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } } } },
      components: { schemas },
    };
    const imported = importToolDefinitions(JSON.stringify(document));
    expect(imported.ok).toBe(true);
    if (imported.ok) expect(Object.keys(imported.value.definitions)).toHaveLength(length);
  });
});
