import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStrictSchema, type JsonSchema, type JsonValue, restoreOptionalArguments, strictifySchema } from '@/lib/runtime';

/** fast-check's JSON type is wider on paper (optional members); every value it generates is plain JSON. */
const jsonValue = () => fc.jsonValue() as fc.Arbitrary<JsonValue>;

/** Schema-shaped values: mostly plausible keywords, sometimes garbage, so the rules actually fire. */
const schemaArbitrary: fc.Arbitrary<JsonSchema> = fc.letrec<{ schema: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom<JsonValue>('string', 'number', 'integer', 'boolean', 'null', ['string', 'null'], 'bogus'),
        format: fc.constantFrom('date-time', 'uri', 'email'),
        enum: fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 4 }),
        const: fc.string(),
        default: jsonValue(),
        minLength: fc.nat(),
        description: fc.string(),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant<JsonValue>('object'),
        properties: fc.dictionary(fc.string({ maxLength: 6 }), tie('schema'), { maxKeys: 4 }),
        required: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), fc.constant({}), tie('schema')),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant<JsonValue>('array'), items: tie('schema'), uniqueItems: fc.boolean() }, { requiredKeys: ['type'] }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('schema'), { maxLength: 2 }) }),
    fc.record({ $ref: fc.constantFrom('#', '#/$defs/A', '#/$defs/Missing', 'http://x/y') }),
  ),
})).schema;

const rootArbitrary = fc.record({
  type: fc.constantFrom<JsonValue>('object', 'object', 'object', 'string'),
  properties: fc.dictionary(fc.string({ maxLength: 6 }), schemaArbitrary, { maxKeys: 5 }),
  required: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  $defs: fc.record({ A: schemaArbitrary }),
}, { requiredKeys: ['type', 'properties'] }) as fc.Arbitrary<JsonSchema>;

describe('strict mode properties', () => {
  it('checkStrictSchema never throws on any JSON value', () => {
    fc.assert(fc.property(jsonValue(), (value) => {
      const report = checkStrictSchema(value);
      expect(report.ok).toBe(report.violations.length === 0);
    }), { numRuns: 500 });
  });

  it('checkStrictSchema never throws on schema-shaped input', () => {
    fc.assert(fc.property(rootArbitrary, (schema) => {
      const report = checkStrictSchema(schema);
      expect(report.ok).toBe(report.violations.length === 0);
    }), { numRuns: 500 });
  });

  it('strictifySchema output passes the check, and the input is untouched', () => {
    let strictified = 0;
    fc.assert(fc.property(rootArbitrary, (schema) => {
      const before = JSON.stringify(schema);
      const outcome = strictifySchema(schema);
      expect(JSON.stringify(schema)).toBe(before);
      if (outcome.ok) {
        strictified += 1;
        expect(checkStrictSchema(outcome.schema).violations).toEqual([]);
      } else {
        expect(outcome.violations.length).toBeGreaterThan(0);
      }
    }), { numRuns: 500 });
    expect(strictified).toBeGreaterThan(0);
  });

  it('strictifySchema never throws on any JSON object', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), jsonValue()), (schema) => {
      const outcome = strictifySchema(schema as JsonSchema);
      if (outcome.ok) expect(checkStrictSchema(outcome.schema).ok).toBe(true);
    }), { numRuns: 500 });
  });

  it('restoreOptionalArguments never throws and never adds keys', () => {
    fc.assert(fc.property(rootArbitrary, jsonValue(), (schema, args) => {
      const restored = restoreOptionalArguments(args, schema);
      if (restored !== null && typeof restored === 'object' && !Array.isArray(restored) && args !== null && typeof args === 'object' && !Array.isArray(args)) {
        expect(Object.keys(restored).every((key) => Object.hasOwn(args, key))).toBe(true);
      }
    }), { numRuns: 300 });
  });
});
