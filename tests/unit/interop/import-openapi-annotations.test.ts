import { beforeAll, describe, expect, it } from 'vitest';
import { type JsonSchema, checkStrictSchema, strictifySchema } from '@/lib/runtime';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { importOk, listUncompilableTools } from './import-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});

const NAME_DESCRIPTION = 'What the thing is called.';

/** Annotations everywhere a schema can hold them: nested properties, array items, a `$ref`'d component, `anyOf` branches. */
function annotatedDocument(openapi: string): Record<string, unknown> {
  return {
    openapi,
    info: { title: 'Annotated', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string', example: 'red', 'x-order': 2, deprecated: true } }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['name'],
          example: { name: 'a' },
          'x-internal': true,
          externalDocs: { url: 'https://example.com/thing' },
          xml: { name: 'thing' },
          properties: {
            name: { type: 'string', description: NAME_DESCRIPTION, example: 'Rex', examples: ['Rex'], readOnly: false },
            tags: { type: 'array', items: { type: 'string', example: 'red', examples: ['blue'] }, examples: [['red']] },
            owner: { allOf: [{ $ref: '#/components/schemas/Owner' }], description: 'Who owns it.', example: { id: 7 } },
            nested: { type: 'object', properties: { deeper: { type: 'object', properties: { leaf: { type: 'integer', example: 1, writeOnly: true } } } } },
            choice: { anyOf: [{ type: 'string', example: 'x' }, { type: 'integer', examples: [1], $comment: 'a count' }] },
            payload: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/json', contentSchema: { type: 'object' } },
          },
        },
        Owner: { type: 'object', properties: { id: { type: 'integer', example: 7 } }, examples: [{ id: 7 }] },
      },
    },
  };
}

describe('OpenAPI annotations', () => {
  for (const openapi of ['3.0.3', '3.1.0']) {
    it(`never cost a tool its strict mode (${openapi}): the sent schema passes the strict check and keeps its descriptions`, async () => {
      const imported = importOk(JSON.stringify(annotatedDocument(openapi)));
      const [tool] = imported.tools;
      expect(tool?.strict).toBeUndefined();
      expect(tool?.notes).toEqual([]);
      expect(imported.notes).toEqual([]);
      expect(listUncompilableTools(imported)).toEqual([]);
      const compiled = await compileToolModule(imported.source);
      expect(compiled.diagnostics).toEqual([]);
      const [spec] = compiled.tools;
      expect(spec?.strict).toBe(true);
      const sent = strictifySchema(spec?.parameters as JsonSchema);
      if (!sent.ok) throw new Error(`not strictifiable: ${JSON.stringify(sent.violations)}`);
      expect(checkStrictSchema(sent.schema)).toEqual({ ok: true, violations: [] });
      const thing = (sent.schema.$defs as Record<string, { properties: Record<string, JsonSchema> }>).Thing;
      expect(thing?.properties.name).toEqual({ type: 'string', description: NAME_DESCRIPTION });
      expect(thing?.properties.owner).toEqual({ description: 'Who owns it.', anyOf: [{ $ref: '#/$defs/Owner' }, { type: 'null' }] });
    });
  }

  it("writes OpenAPI's example as examples, a lone $ref's allOf as the $ref, and leaves out xml and externalDocs", () => {
    const imported = importOk(JSON.stringify(annotatedDocument('3.1.0')));
    const thing = imported.definitions.Thing as JsonSchema & { properties: Record<string, JsonSchema> };
    expect(Object.keys(thing)).toEqual(['type', 'required', 'x-internal', 'properties', 'examples']);
    expect(thing.examples).toEqual([{ name: 'a' }]);
    expect(thing.properties.name).toEqual({ type: 'string', description: NAME_DESCRIPTION, examples: ['Rex'], readOnly: false });
    expect(thing.properties.tags).toEqual({ type: 'array', items: { type: 'string', examples: ['blue', 'red'] }, examples: [['red']] });
    expect(thing.properties.owner).toEqual({ $ref: '#/$defs/Owner', description: 'Who owns it.', examples: [{ id: 7 }] });
    expect(imported.definitions.Owner).toEqual({ type: 'object', properties: { id: { type: 'integer', examples: [7] } }, examples: [{ id: 7 }] });
  });

  it('name what strictify could not rewrite when a tool stays strict: false, not the annotation the strict check met first', () => {
    const schema = {
      type: 'object',
      properties: {
        label: { type: 'string', examples: ['first'], minLength: 1 },
        labels: { type: 'object', description: 'Free-form labels.', additionalProperties: { type: 'string' }, examples: [{ a: 'b' }] },
      },
    };
    const document = { openapi: '3.1.0', info: { title: 'Maps', version: '1' }, paths: { '/a': { post: { operationId: 'tag', requestBody: { content: { 'application/json': { schema } } } } } } };
    const imported = importOk(JSON.stringify(document));
    expect(imported.tools[0]?.strict).toBe(false);
    expect(imported.notes).toEqual([
      "tag: imported with strict: false because /properties/body/properties/labels is a map (free-form keys, each value as 'additionalProperties' says), and OpenAI strict mode needs every key of an object declared in its 'properties'.",
    ]);
  });
});
