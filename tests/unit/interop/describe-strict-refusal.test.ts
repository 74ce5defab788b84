import { describe, expect, it } from 'vitest';
import { describeStrictRefusal } from '@/lib/interop/schema/describe-strict-refusal';
import { type JsonSchema, strictifySchema } from '@/lib/runtime';

function describeRefusal(properties: JsonSchema): string {
  const schema: JsonSchema = { type: 'object', properties };
  const outcome = strictifySchema(schema);
  if (outcome.ok) throw new Error('expected a schema strictify cannot fix');
  return describeStrictRefusal(outcome.violations, schema);
}

describe('describeStrictRefusal', () => {
  it('says which object takes keys it does not declare, and why strict mode cannot take that', () => {
    expect(describeRefusal({ meta: { type: 'object', additionalProperties: true, examples: [{}] } })).toBe(
      "/properties/meta is an object that takes any keys, and OpenAI strict mode needs every key of an object declared in its 'properties'",
    );
    const required: JsonSchema = { type: 'object', required: ['a'], oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }] };
    expect(describeRefusal({ body: required })).toBe(
      "/properties/body is an object whose fields are only given in its 'oneOf' branches, and OpenAI strict mode needs every key of an object declared in its 'properties'",
    );
  });

  it('tells a branch that only requires fields from a schema that takes any value, and counts the other places', () => {
    const declared = { a: { type: 'string' }, b: { type: 'string' } };
    const aOrBOrNewC: JsonSchema = { type: 'object', properties: declared, anyOf: [{ required: ['a'] }, { required: ['b'] }, { properties: { c: { type: 'string' } }, required: ['c'] }] };
    expect(describeRefusal({ body: aOrBOrNewC })).toBe(
      "/properties/body/anyOf/0 only says which fields must be present, without a 'type', which OpenAI strict mode cannot express (1 other place in its schema cannot be made strict either)",
    );
    expect(describeRefusal({ anything: { description: 'Any JSON value.', examples: [1] } })).toBe(
      "/properties/anything has no 'type', so it takes any value, which OpenAI strict mode cannot express",
    );
  });

  it('names the keyword strict mode does not support, and falls back to the strict message', () => {
    expect(describeRefusal({ both: { allOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] } })).toBe("/properties/both uses 'allOf', which OpenAI strict mode does not support");
    expect(describeRefusal({ code: { type: 'string', pattern: '^(?!x)' } })).toBe('OpenAI strict mode rejects /properties/code/pattern: regex lookaround is not supported');
  });
});
