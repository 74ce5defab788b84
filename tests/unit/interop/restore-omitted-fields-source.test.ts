import { transform } from 'esbuild';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESTORE_OMITTED_FIELDS_SOURCE } from '@/lib/interop/export/restore-omitted-fields-source';
import { type JsonSchema, type JsonValue, restoreOptionalArguments } from '@/lib/runtime';

type Restore = (value: unknown, schema: unknown, root: JsonSchema, depth: number) => unknown;
let exported: Restore;

beforeAll(async () => {
  const { code } = await transform(`${RESTORE_OMITTED_FIELDS_SOURCE}\nmodule.exports = restoreOmittedFields;`, { loader: 'ts', format: 'cjs' });
  const module: { exports: unknown } = { exports: undefined };
  new Function('module', code)(module);
  exported = module.exports as Restore;
});

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema) as JsonSchema;

type Tree = { name: string; children?: Tree[] };
const TreeNode: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(TreeNode).optional() }));

/** Schemas and arguments of the runtime's own tests: the exported copy must answer the same. */
const CASES: [JsonSchema, JsonValue][] = [
  [toSchema(z.object({ path: z.string(), mode: z.enum(['r', 'w']).optional() })), { path: 'a', mode: null }],
  [toSchema(z.object({ note: z.string().nullable().optional(), must: z.string().nullable() })), { note: null, must: null }],
  [toSchema(z.object({ path: z.string() })), { path: null }],
  [
    toSchema(z.object({ options: z.object({ depth: z.number().optional(), name: z.string() }), rows: z.array(z.object({ id: z.number(), label: z.string().optional() })) })),
    { options: { depth: null, name: 'x' }, rows: [{ id: 1, label: null }, { id: 2, label: 'b' }] },
  ],
  [toSchema(z.object({ tree: TreeNode })), { tree: { name: 'root', children: [{ name: 'leaf', children: null }] } }],
  [
    toSchema(
      z.object({
        action: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('move'), to: z.string(), force: z.boolean().optional() }),
          z.object({ kind: z.literal('copy'), to: z.string(), note: z.string().nullable().optional() }),
        ]),
      }),
    ),
    { action: { kind: 'copy', to: 'x', note: null } },
  ],
  [toSchema(z.object({ a: z.string().optional() })), { a: null, extra: null, __proto__: null } as JsonValue],
  [toSchema(z.object({ a: z.string().optional() })), [null]],
  [{ type: 'object', properties: { a: { const: 'a' }, b: { enum: ['x', null] }, c: {} } }, { a: null, b: null, c: null }],
  [{ type: 'object', properties: { a: { $ref: '#/$defs/maybe' } }, $defs: { maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }, { a: null }],
  [{ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { a: 'x', b: null }],
  [{ type: 'object', oneOf: [{ properties: { a: { type: 'string' }, x: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'string' }, y: { type: 'string' } }, required: ['b'] }] }, { b: 'b', y: null }],
];

const KEYS = ['a', 'b', 'kind'] as const;

const schemaArbitrary: fc.Arbitrary<JsonSchema> = fc.letrec<{ schema: JsonSchema; object: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record({ type: fc.constantFrom<JsonValue>('string', 'number', 'null', ['string', 'null']), enum: fc.constantFrom<JsonValue>(['a', null], ['a']), const: fc.constantFrom<JsonValue>('a', null) }, { requiredKeys: [] }),
    tie('object'),
    fc.record({ type: fc.constant<JsonValue>('array'), items: tie('schema') }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.constantFrom<JsonSchema>({ $ref: '#/$defs/shared' }, { $ref: '#' }, { $ref: '#/$defs/missing' }, { $ref: 'other.json#/x' }),
  ),
  object: fc.record(
    {
      type: fc.constant<JsonValue>('object'),
      properties: fc.dictionary(fc.constantFrom(...KEYS), tie('schema'), { maxKeys: 3 }),
      required: fc.array(fc.constantFrom(...KEYS), { maxLength: 2 }),
      anyOf: fc.array(fc.oneof(tie('object'), fc.record({ required: fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 2 }) })), { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ['type', 'properties'] },
  ),
})).object;

/** Mostly objects with nulls, the shape strict mode's arguments have. */
const valueArbitrary: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue; object: JsonValue }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.constantFrom<JsonValue>('a', 1), tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(fc.constantFrom(...KEYS, 'extra'), tie('value'), { maxKeys: 4 }),
})).object;

describe('the exported restoreOmittedFields', () => {
  it.each(CASES)('answers as the runtime does for %j', (schema, args) => {
    expect(exported(args, schema, schema, 0)).toEqual(restoreOptionalArguments(args, schema));
  });

  it('answers as the runtime does for random schemas and arguments', () => {
    fc.assert(
      fc.property(schemaArbitrary, schemaArbitrary, valueArbitrary, (root, shared, args) => {
        const schema = { ...root, $defs: { shared } };
        expect(exported(args, schema, schema, 0)).toEqual(restoreOptionalArguments(args, schema));
      }),
      { numRuns: 1000 },
    );
  });
});
