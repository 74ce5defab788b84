import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateArguments } from '@/lib/models/embedded/arguments/generate-arguments';
import { createSeededRandom } from '@/lib/models/embedded/seeded-random';
import type { JsonSchema } from '@/lib/runtime';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function expectValid(schema: JsonSchema, seeds = 25) {
  const validate = ajv.compile(schema);
  for (let seed = 0; seed < seeds; seed += 1) {
    const value = generateArguments(schema, { random: createSeededRandom(seed) }).value;
    const valid = validate(value);
    expect({ seed, value, valid, errors: validate.errors ?? [] }).toMatchObject({ valid: true });
  }
}

const table: [string, JsonSchema][] = [
  ['required and optional strings', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }],
  ['enum and const', { type: 'object', properties: { unit: { enum: ['c', 'f'] }, kind: { const: 'x' } }, required: ['unit', 'kind'] }],
  ['integer bounds', { type: 'object', properties: { n: { type: 'integer', minimum: 3, maximum: 5 } }, required: ['n'] }],
  ['exclusive bounds', { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, i: { type: 'integer', exclusiveMinimum: 9, exclusiveMaximum: 11 } }, required: ['n', 'i'] }],
  ['multipleOf', { type: 'object', properties: { a: { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 1 }, b: { type: 'integer', multipleOf: 5, minimum: 7 } }, required: ['a', 'b'] }],
  ['negative only', { type: 'object', properties: { t: { type: 'number', maximum: -40 } }, required: ['t'] }],
  ['string lengths', { type: 'object', properties: { s: { type: 'string', minLength: 12, maxLength: 14 }, short: { type: 'string', maxLength: 2 } }, required: ['s', 'short'] }],
  ['patterns', { type: 'object', properties: { sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, slug: { type: 'string', pattern: '^(foo|bar)_[a-z0-9]+$' }, hex: { type: 'string', pattern: '^#?[0-9a-fA-F]{6}$' } }, required: ['sku', 'slug', 'hex'] }],
  ['formats', { type: 'object', properties: Object.fromEntries(['email', 'uuid', 'date', 'date-time', 'uri', 'hostname', 'ipv4', 'ipv6', 'time'].map((format) => [format, { type: 'string', format }])), required: ['email', 'uuid', 'date', 'date-time', 'uri', 'hostname', 'ipv4', 'ipv6', 'time'] }],
  ['nested objects and arrays', { type: 'object', properties: { items: { type: 'array', minItems: 2, maxItems: 4, items: { type: 'object', properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, required: ['id', 'tags'], additionalProperties: false } } }, required: ['items'] }],
  ['tuples', { type: 'object', properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 } }, required: ['point'] }],
  ['anyOf and oneOf', { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, w: { oneOf: [{ type: 'boolean' }, { type: 'object', properties: { x: { type: 'null' } }, required: ['x'] }] } }, required: ['v', 'w'] }],
  ['nullable strict-style optional', { type: 'object', properties: { note: { type: ['string', 'null'] }, count: { anyOf: [{ type: 'integer' }, { type: 'null' }] } }, required: ['note', 'count'], additionalProperties: false }],
  ['$ref and $defs, recursive', { type: 'object', properties: { root: { $ref: '#/$defs/node' } }, required: ['root'], $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name', 'children'], additionalProperties: false } } }],
  ['allOf merged', { type: 'object', allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'integer', minimum: 1 } }, required: ['b'] }] }],
  ['minProperties with additional', { type: 'object', minProperties: 3, additionalProperties: { type: 'integer' } }],
  ['untyped property', { type: 'object', properties: { anything: {} }, required: ['anything'] }],
  ['unique integers in a small range', { type: 'object', properties: { picks: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 3 }, minItems: 3, maxItems: 3, uniqueItems: true } }, required: ['picks'] }],
];

describe('generateArguments', () => {
  it.each(table)('generates valid arguments: %s', (_name, schema) => {
    expectValid(schema);
  });

  it('is deterministic for a seed', () => {
    const schema = table[9]?.[1] ?? {};
    expect(generateArguments(schema, { random: createSeededRandom(7) }).value).toEqual(generateArguments(schema, { random: createSeededRandom(7) }).value);
  });

  it('prefers values quoted in the message for path-like and query-like fields', () => {
    const schema: JsonSchema = { type: 'object', properties: { path: { type: 'string' }, query: { type: 'string' }, limit: { type: 'integer' } }, required: ['path', 'query', 'limit'] };
    const value = generateArguments(schema, { random: createSeededRandom(1), hints: { values: ['docs/plan.md'], text: 'weather paris' } }).value;
    expect(value).toMatchObject({ path: 'docs/plan.md', query: 'weather paris' });
  });

  it('ignores a hint that would break the schema', () => {
    const schema: JsonSchema = { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z]+$' } }, required: ['name'] };
    const value = generateArguments(schema, { random: createSeededRandom(1), hints: { values: ['Not Valid!'], text: '' } }).value;
    expect(value).toEqual({ name: expect.stringMatching(/^[a-z]+$/) });
  });

  it('generates valid values for arbitrary schemas (property)', () => {
    const { schema: schemaArbitrary } = fc.letrec<{ schema: JsonSchema; leaf: JsonSchema }>((tie) => ({
      leaf: fc.oneof(
        fc.record({ type: fc.constant('string'), minLength: fc.integer({ min: 0, max: 5 }), maxLength: fc.integer({ min: 5, max: 20 }) }),
        fc.record({ type: fc.constant('string'), format: fc.constantFrom('email', 'uuid', 'date', 'date-time', 'uri', 'hostname', 'ipv4') }),
        fc.record({ type: fc.constant('string'), pattern: fc.constantFrom('^[a-z]{2,5}$', '^\\d{3}-\\d{2}$', '^(red|green|blue)$', '^[A-Z][a-z]*$') }),
        fc.integer({ min: -50, max: 50 }).chain((min) =>
          fc.record({ type: fc.constantFrom('integer', 'number'), minimum: fc.constant(min), maximum: fc.integer({ min: min + 1, max: min + 100 }) }),
        ),
        fc.record({ type: fc.constant('integer'), multipleOf: fc.constantFrom(2, 3, 10), minimum: fc.constant(0) }),
        fc.record({ type: fc.constant('boolean') }),
        fc.record({ type: fc.constant('null') }),
        fc.record({ enum: fc.uniqueArray(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 }) }),
        fc.record({ const: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
      ),
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('leaf'),
        fc.record({
          type: fc.constant('array'),
          items: tie('schema'),
          minItems: fc.integer({ min: 0, max: 2 }),
          maxItems: fc.integer({ min: 2, max: 4 }),
        }),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('schema'), { minKeys: 0, maxKeys: 4 }).chain((properties) =>
          fc.record({
            type: fc.constant('object'),
            properties: fc.constant(properties),
            required: fc.subarray(Object.keys(properties)),
            additionalProperties: fc.constant(false),
          }),
        ),
        fc.tuple(tie('leaf'), fc.constantFrom('null')).map(([leaf]) => ({ anyOf: [leaf, { type: 'null' }] })),
      ),
    }));
    fc.assert(
      fc.property(schemaArbitrary, fc.integer(), (schema, seed) => {
        const root: JsonSchema = { type: 'object', properties: { value: schema }, required: ['value'] };
        const validate = ajv.compile(root);
        const value = generateArguments(root, { random: createSeededRandom(seed) }).value;
        const valid = validate(value);
        expect({ value, valid, errors: validate.errors ?? [] }).toMatchObject({ valid: true });
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});
