import { describe, expect, it } from 'vitest';
import { type JsonSchema, checkJsonSchema, createJsonSchemaValidator } from '@/lib/runtime';

/** Schemas that compile and schemas that do not, each for a different reason Ajv gives. */
const CASES: { name: string; schema: JsonSchema; valid: boolean }[] = [
  { name: 'a plain object schema', schema: { type: 'object', properties: { q: { type: 'string', pattern: '^[a-z]+$' } } }, valid: true },
  { name: 'a local $defs reference', schema: { type: 'object', properties: { a: { $ref: '#/$defs/X' } }, $defs: { X: { type: 'string' } } }, valid: true },
  { name: 'a reference into part of a definition', schema: { type: 'object', properties: { a: { $ref: '#/$defs/X/properties/y' } }, $defs: { X: { properties: { y: { type: 'string' } } } } }, valid: true },
  { name: 'a pattern-looking key inside const data', schema: { type: 'object', properties: { a: { const: { pattern: '((' } } } }, valid: true },
  { name: 'an unknown type', schema: { type: 'object', properties: { a: { type: 'strin' } } }, valid: false },
  { name: 'a keyword of the wrong type', schema: { type: 'object', minLength: 'x' }, valid: false },
  { name: 'a pattern that is no regular expression', schema: { type: 'object', properties: { a: { type: 'string', pattern: '((' } } }, valid: false },
  { name: 'a pattern under a property named default', schema: { type: 'object', properties: { default: { type: 'string', pattern: '((' } } }, valid: false },
  { name: 'a lookbehind RE2 cannot run', schema: { type: 'object', properties: { a: { type: 'string', pattern: '^(?<=a)b$' } } }, valid: false },
  { name: 'a bad patternProperties key', schema: { type: 'object', patternProperties: { '[': { type: 'string' } } }, valid: false },
  { name: 'a reference to nothing', schema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }, valid: false },
  { name: 'a remote reference', schema: { type: 'object', properties: { a: { $ref: 'https://example.com/x.json' } } }, valid: false },
];

describe('checkJsonSchema', () => {
  it.each(CASES)('judges $name as compiling it would, with the same message', ({ schema, valid }) => {
    const compiled = createJsonSchemaValidator(schema);
    const checked = checkJsonSchema(schema);
    expect(compiled.ok).toBe(valid);
    expect(checked.ok ? 'compiles' : checked.error).toBe(compiled.ok ? 'compiles' : compiled.error);
  });
});
