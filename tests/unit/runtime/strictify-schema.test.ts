import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, strictifySchema, createJsonSchemaValidator } from '@/lib/runtime';
import { strictifyOk } from '../support/strictify-ok';

describe('strictifySchema', () => {
  it('returns an unchanged copy of a schema that is already strict', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    const outcome = strictifyOk(schema);
    expect(outcome.schema).toEqual(schema);
    expect(outcome.schema).not.toBe(schema);
    expect(outcome.changes).toEqual([]);
  });

  it('makes optional fields required and nullable, closes objects, and lists each change', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'file path' },
        mode: { type: 'string', enum: ['r', 'w'] },
        node: { $ref: '#/$defs/Node', description: 'a node' },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        kind: { const: 'x' },
        already: { type: ['string', 'null'] },
      },
      required: ['path'],
      $defs: { Node: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    };
    const before = structuredClone(schema);
    const outcome = strictifyOk(schema);
    expect(schema).toEqual(before);
    expect(outcome.schema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'file path' },
        mode: { type: ['string', 'null'], enum: ['r', 'w', null] },
        node: { description: 'a node', anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
        kind: { anyOf: [{ const: 'x' }, { type: 'null' }] },
        already: { type: ['string', 'null'] },
      },
      required: ['path', 'mode', 'node', 'either', 'kind', 'already'],
      $defs: { Node: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false } },
      additionalProperties: false,
    });
    expect(outcome.changes).toEqual([
      { pointer: '/properties/mode', change: "Made optional property 'mode' required and nullable; a null from the model is removed before validation, so the tool sees it absent." },
      { pointer: '/properties/node', change: "Made optional property 'node' required and nullable; a null from the model is removed before validation, so the tool sees it absent." },
      { pointer: '/properties/either', change: "Made optional property 'either' required and nullable; a null from the model is removed before validation, so the tool sees it absent." },
      { pointer: '/properties/kind', change: "Made optional property 'kind' required and nullable; a null from the model is removed before validation, so the tool sees it absent." },
      { pointer: '/properties/already', change: "Made optional property 'already' required; its schema already accepts null, so the model sends null where it would have omitted it." },
      { pointer: '/$defs/Node', change: "Set 'additionalProperties' to false." },
      { pointer: '', change: "Set 'additionalProperties' to false." },
    ]);
  });

  it('rewrites a discriminated oneOf as anyOf and says it is equivalent', () => {
    const schema = z.toJSONSchema(z.object({
      action: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), n: z.number() }), z.object({ kind: z.literal('b') })]),
    })) as JsonSchema;
    const outcome = strictifyOk(schema);
    const action = (outcome.schema.properties as Record<string, JsonSchema>).action;
    expect(Object.keys(action ?? {})).toEqual(['anyOf']);
    expect(outcome.changes).toEqual([{
      pointer: '/properties/action/oneOf',
      change: "Rewrote 'oneOf' as 'anyOf': equivalent here, because the branches are told apart by the constant 'kind' property.",
    }]);
  });

  it('says when a oneOf rewrite is looser', () => {
    const schema: JsonSchema = { type: 'object', properties: { v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } }, required: ['v'], additionalProperties: false };
    expect(strictifyOk(schema).changes[0]?.change).toBe(
      "Rewrote 'oneOf' as 'anyOf': the branches are not told apart by a constant property, so a value may match more than one; arguments are still validated against the original 'oneOf'.",
    );
  });

  it('drops default, unsupported formats and narrowing keywords from Zod output', () => {
    const schema = z.toJSONSchema(z.object({ count: z.number().default(3), url: z.url(), name: z.string().min(1).max(20) })) as JsonSchema;
    const outcome = strictifyOk(schema);
    expect(outcome.schema.properties).toEqual({ count: { type: 'number' }, url: { type: 'string' }, name: { type: 'string' } });
    expect(outcome.changes).toEqual([
      { pointer: '/properties/count/default', change: "Removed 'default' (3), which strict mode rejects; the tool still applies it when the field is absent." },
      { pointer: '/properties/url/format', change: 'Removed unsupported format "uri"; arguments are still validated against it.' },
      { pointer: '/properties/name/minLength', change: "Removed 'minLength', which strict mode does not support; arguments are still validated against it." },
      { pointer: '/properties/name/maxLength', change: "Removed 'maxLength', which strict mode does not support; arguments are still validated against it." },
    ]);
  });

  it('drops annotations wherever they sit, contentSchema included, saying they never changed validity', () => {
    const schema: JsonSchema = {
      type: 'object',
      'x-internal': true,
      properties: {
        blob: { type: 'string', description: 'Base64 JSON.', contentEncoding: 'base64', contentSchema: { type: 'object' } },
        tags: { type: 'array', items: { type: 'string', examples: ['red'] } },
        pick: { anyOf: [{ type: 'string', deprecated: true }, { $ref: '#/$defs/Id' }] },
      },
      required: ['blob', 'tags', 'pick'],
      additionalProperties: false,
      $defs: { Id: { type: 'integer', readOnly: true } },
    };
    const outcome = strictifyOk(schema);
    expect(outcome.schema.properties).toEqual({
      blob: { type: 'string', description: 'Base64 JSON.' },
      tags: { type: 'array', items: { type: 'string' } },
      pick: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/Id' }] },
    });
    expect(outcome.changes.map((change) => change.pointer)).toEqual([
      '/x-internal',
      '/properties/blob/contentEncoding',
      '/properties/blob/contentSchema',
      '/properties/tags/items/examples',
      '/properties/pick/anyOf/0/deprecated',
      '/$defs/Id/readOnly',
    ]);
    expect(outcome.changes[2]?.change).toBe("Removed 'contentSchema', an annotation strict mode does not support; it does not change which arguments are valid.");
  });

  it('strictifies recursive Zod schemas and optional nested fields', () => {
    type Tree = { name: string; children?: Tree[] };
    const Node: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(Node).optional() }));
    const schema = z.toJSONSchema(z.object({ tree: Node.optional(), opts: z.object({ deep: z.boolean().optional() }) })) as JsonSchema;
    const outcome = strictifyOk(schema);
    expect(outcome.schema.required).toEqual(['tree', 'opts']);
  });

  it('closes a loose object with declared properties', () => {
    const schema = z.toJSONSchema(z.object({ loose: z.looseObject({ a: z.string() }) })) as JsonSchema;
    const outcome = strictifyOk(schema);
    expect(outcome.changes).toEqual([{ pointer: '/properties/loose', change: "Set 'additionalProperties' to false." }]);
  });

  it('returns the violations it cannot fix, located in the original', () => {
    const schema = z.toJSONSchema(z.object({ tags: z.record(z.string(), z.number()), mode: z.string().optional() })) as JsonSchema;
    expect(strictifySchema(schema)).toEqual({
      ok: false,
      violations: [
        { pointer: '/properties/tags/propertyNames', rule: 'unsupported-keyword', message: "In context=('properties', 'tags'), 'propertyNames' is not permitted." },
        { pointer: '/properties/tags', rule: 'additional-properties', message: "In context=('properties', 'tags'), 'additionalProperties' is required to be supplied and to be false." },
        { pointer: '/properties/tags', rule: 'missing-properties', message: "In context=('properties', 'tags'), object schema missing properties." },
      ],
    });
  });

  it('refuses root unions and composition', () => {
    const union = z.toJSONSchema(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })])) as JsonSchema;
    const outcome = strictifySchema(union);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.violations.map((violation) => violation.rule)).toEqual(['root-not-union']);

    const composed: JsonSchema = { type: 'object', properties: { a: { allOf: [{ type: 'string' }] } } };
    const refused = strictifySchema(composed);
    expect(!refused.ok && refused.violations).toEqual([
      { pointer: '/properties/a/allOf', rule: 'composition', message: "In context=('properties', 'a'), 'allOf' is not permitted." },
    ]);
  });

  it('adds empty properties to a closed empty object', () => {
    const schema: JsonSchema = { type: 'object', properties: { opts: { type: 'object', additionalProperties: false } }, required: ['opts'], additionalProperties: false };
    const outcome = strictifyOk(schema);
    expect((outcome.schema.properties as Record<string, unknown>).opts).toEqual({ type: 'object', additionalProperties: false, properties: {}, required: [] });
  });
  it('makes an optional $ref field nullable with an anyOf branch, not a null type the reference would still refuse', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        role: { $ref: '#/$defs/Role', type: 'string', description: 'What the member may do.' },
      },
      required: ['id'],
      additionalProperties: false,
      $defs: { Role: { type: 'string', enum: ['admin', 'member'] } },
    };
    const outcome = strictifyOk(schema);
    expect((outcome.schema.properties as Record<string, JsonSchema>).role).toEqual({
      description: 'What the member may do.',
      anyOf: [{ $ref: '#/$defs/Role', type: 'string' }, { type: 'null' }],
    });
    const validator = createJsonSchemaValidator(outcome.schema);
    if (!validator.ok) throw new Error(validator.error);
    expect(validator.value({ id: 'x', role: null })).toEqual([]);
    expect(validator.value({ id: 'x', role: 'admin' })).toEqual([]);
    expect(validator.value({ id: 'x', role: 'owner' })).not.toEqual([]);
  });
});
