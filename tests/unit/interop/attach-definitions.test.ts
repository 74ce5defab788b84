import { describe, expect, it } from 'vitest';
import { attachDefinitions, listReachableDefinitions, type JsonSchema } from '@/lib/runtime';

const DEFINITIONS: Record<string, JsonSchema | boolean> = {
  Pet: { type: 'object', properties: { owner: { $ref: '#/$defs/User' }, tags: { type: 'array', items: { $ref: '#/$defs/Tag' } } } },
  User: { type: 'object', properties: { friend: { $ref: '#/$defs/User' } } },
  Tag: { type: 'string' },
  'a/b': { type: 'integer' },
  'Node.properties.x': true,
  Unused: { type: 'null' },
};

describe('attachDefinitions', () => {
  it('copies the definitions the schema reaches, transitively and through recursion, and no others', () => {
    const schema: JsonSchema = { type: 'object', properties: { pet: { $ref: '#/$defs/Pet' } } };
    const before = structuredClone(schema);
    expect(attachDefinitions(schema, DEFINITIONS)).toEqual({
      ok: true,
      value: { ...schema, $defs: { Pet: DEFINITIONS.Pet, User: DEFINITIONS.User, Tag: DEFINITIONS.Tag } },
    });
    expect(schema).toEqual(before);
  });

  it('reads pointer escapes, URI escapes and references into part of a definition', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a~1b' }, b: { $ref: '#/$defs/Node.properties.x' }, c: { $ref: '#/$defs/Pet/properties/owner' }, d: { $ref: '#/$defs/T%61g' } },
    };
    const attached = attachDefinitions(schema, DEFINITIONS);
    expect(attached.ok && Object.keys(attached.value.$defs as object)).toEqual(['a/b', 'Node.properties.x', 'Pet', 'Tag', 'User']);
  });

  it('returns the schema itself when it reaches nothing, keeps its own $defs, and refuses a name defined twice', () => {
    const plain: JsonSchema = { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } };
    expect(attachDefinitions(plain, DEFINITIONS)).toEqual({ ok: true, value: plain });
    const own: JsonSchema = { type: 'object', properties: { a: { $ref: '#/$defs/Local' } }, $defs: { Local: { $ref: '#/$defs/Tag' } } };
    expect(attachDefinitions(own, DEFINITIONS)).toEqual({ ok: true, value: { ...own, $defs: { Local: { $ref: '#/$defs/Tag' }, Tag: { type: 'string' } } } });
    expect(attachDefinitions({ type: 'object', $defs: { Tag: {} } }, DEFINITIONS)).toEqual({ ok: false, error: '$defs/Tag is defined both in jsonSchema.$defs and in definitions; rename one.' });
  });

  it('lists what several schemas reach, for writing only those', () => {
    expect(listReachableDefinitions([{ $ref: '#/$defs/Tag' }, { items: { $ref: '#/$defs/User' } }], DEFINITIONS)).toEqual(['Tag', 'User']);
  });
});
