import { describe, expect, it } from 'vitest';
import { attachDefinitions, defineTool } from '@/lib/runtime';

const DEFINITIONS = {
  Owner: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] },
  Repo: { type: 'object', properties: { owner: { $ref: '#/$defs/Owner' }, name: { type: 'string' } } },
  'a/b~c': { type: 'integer' },
  Unused: { type: 'boolean' },
};

describe('attachDefinitions', () => {
  it('copies only the definitions the schema reaches, transitively', () => {
    const attached = attachDefinitions({ type: 'object', properties: { repo: { $ref: '#/$defs/Repo' } } }, DEFINITIONS);
    expect(attached).toEqual({
      ok: true,
      value: { type: 'object', properties: { repo: { $ref: '#/$defs/Repo' } }, $defs: { Repo: DEFINITIONS.Repo, Owner: DEFINITIONS.Owner } },
    });
  });

  it('reads escaped and URI-encoded names and references into part of a definition', () => {
    const attached = attachDefinitions(
      { type: 'object', properties: { count: { $ref: '#/$defs/a~1b~0c' }, login: { $ref: '#/$defs/Owner/properties/login' } } },
      DEFINITIONS,
    );
    expect(attached.ok && Object.keys(attached.value.$defs as object).sort()).toEqual(['Owner', 'a/b~c']);
  });

  it('leaves a schema that references nothing unchanged', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    expect(attachDefinitions(schema, DEFINITIONS)).toEqual({ ok: true, value: schema });
  });

  it('refuses a name defined both in the schema and in the shared definitions', () => {
    const attached = attachDefinitions({ type: 'object', $defs: { Owner: { type: 'string' } } }, DEFINITIONS);
    expect(attached).toEqual({ ok: false, error: '$defs/Owner is defined both in jsonSchema.$defs and in definitions; rename one.' });
  });

  it('keeps the schema own definitions and adds the shared ones they reach', () => {
    const attached = attachDefinitions({ type: 'object', properties: { x: { $ref: '#/$defs/Local' } }, $defs: { Local: { $ref: '#/$defs/Owner' } } }, DEFINITIONS);
    expect(attached.ok && attached.value.$defs).toEqual({ Local: { $ref: '#/$defs/Owner' }, Owner: DEFINITIONS.Owner });
  });
});

describe('defineTool with shared definitions', () => {
  it('validates arguments against the definitions the schema references', async () => {
    const tool = defineTool({
      name: 'get_repo',
      description: 'Get a repository.',
      jsonSchema: { type: 'object', properties: { repo: { $ref: '#/$defs/Repo' } }, required: ['repo'], additionalProperties: false },
      definitions: DEFINITIONS,
      execute: async (args) => args,
    });
    expect(Object.keys(tool.parameters.$defs as object)).toEqual(['Repo', 'Owner']);
    expect((await tool.validateArguments({ repo: { owner: { login: 'octocat' }, name: 'hello' } })).ok).toBe(true);
    const invalid = await tool.validateArguments({ repo: { owner: {} } });
    expect(invalid.ok ? [] : invalid.error.map((issue) => issue.path)).toEqual(['/repo/owner/login']);
  });

  it('refuses definitions that are not an object of schemas', () => {
    expect(() => defineTool({ name: 't', description: 'd', jsonSchema: { type: 'object' }, definitions: 'nope' as never })).toThrow(
      't: definitions must be an object of JSON Schemas by name.',
    );
  });
});
