import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  convertZodSchema,
  type JsonSchema,
  formatIssuePath,
  formatValidationIssues,
  type RawValidationIssue,
  createJsonSchemaValidator,
  validateWithZod,
} from '@/lib/runtime';
import { readZodIssues } from '@/lib/runtime/validation/read-zod-issues';

const words = (issue: RawValidationIssue) => formatValidationIssues([issue])[0]?.message;

describe('formatIssuePath', () => {
  it('writes JSON Pointers, escaping ~ and / in keys, and names the root', () => {
    expect(formatIssuePath([])).toBe('(root)');
    expect(formatIssuePath(['items', 2, 'name'])).toBe('/items/2/name');
    expect(formatIssuePath(['odd key', 0])).toBe('/odd key/0');
    expect(formatIssuePath(['a/b', '~c', ''])).toBe('/a~1b/~0c/');
  });
});

describe('formatValidationIssues', () => {
  it('words every kind of issue', () => {
    const path = ['x'];
    expect(words({ code: 'type', path, expected: ['string', 'null'], received: 'number' })).toBe('must be a string or null, got number');
    expect(words({ code: 'type', path, expected: ['object'], received: 'array' })).toBe('must be an object, got array');
    expect(words({ code: 'enum', path, values: ['a'] })).toBe('must be exactly "a"');
    expect(words({ code: 'enum', path, values: Array.from({ length: 25 }, (_, index) => index) })).toBe(
      'must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, … (5 more)',
    );
    expect(words({ code: 'too-small', path, subject: 'number', limit: 0, inclusive: false })).toBe('must be greater than 0');
    expect(words({ code: 'too-big', path, subject: 'number', limit: 1, inclusive: false })).toBe('must be less than 1');
    expect(words({ code: 'too-small', path, subject: 'string', limit: 1, inclusive: true })).toBe('must be at least 1 character long');
    expect(words({ code: 'too-small', path, subject: 'array', limit: 1, inclusive: true })).toBe('must have at least 1 item');
    expect(words({ code: 'too-big', path, subject: 'object', limit: 2, inclusive: true })).toBe('must have at most 2 properties');
    expect(words({ code: 'format', path, format: 'date-time' })).toBe('must match the format "date-time"');
    expect(words({ code: 'multiple-of', path, divisor: 5 })).toBe('must be a multiple of 5');
    expect(words({ code: 'duplicate-items', path, indexes: [0, 2] })).toBe('must not contain duplicates; items 0 and 2 are equal');
    expect(words({ code: 'no-alternative', path })).toBe('does not match any of the allowed alternatives');
    expect(words({ code: 'several-alternatives', path })).toBe('matches more than one of the alternatives; it must match exactly one');
    expect(words({ code: 'invalid-key', path })).toBe('is not an allowed property name');
    expect(words({ code: 'other', path, message: 'must be even' })).toBe('must be even');
  });

  it('sorts by path, then by kind, drops what another issue implies, and removes repeats', () => {
    expect(
      formatValidationIssues([
        { code: 'too-small', path: ['b'], subject: 'number', limit: 1, inclusive: true },
        { code: 'type', path: ['b'], expected: ['integer'], received: 'string' },
        { code: 'type', path: ['a'], expected: ['string'], received: 'number' },
        { code: 'enum', path: ['a'], values: ['x', 'y'] },
        { code: 'pattern', path: ['c'], pattern: '^.+@.+$' },
        { code: 'format', path: ['c'], format: 'email' },
        { code: 'missing', path: ['items', 10, 'name'] },
        { code: 'missing', path: ['items', 2, 'name'] },
        { code: 'missing', path: ['items', 2, 'name'] },
      ]),
    ).toEqual([
      { path: '/a', message: 'must be one of "x", "y"' },
      { path: '/b', message: 'must be an integer, got string' },
      { path: '/c', message: 'must match the format "email"' },
      { path: '/items/2/name', message: 'is required but missing' },
      { path: '/items/10/name', message: 'is required but missing' },
    ]);
  });
});

/** Both validators, on one Zod schema and the JSON Schema Zod converts it to. */
function bothWays(schema: z.ZodType, value: unknown) {
  const converted = convertZodSchema(schema);
  if (!converted.ok) throw new Error(converted.error);
  const ajv = createJsonSchemaValidator(converted.value);
  if (!ajv.ok) throw new Error(ajv.error);
  const zod = validateWithZod(schema, value);
  return { zod: zod.ok ? [] : zod.error, ajv: ajv.value(value) };
}

describe('unions read alike from Zod and Ajv', () => {
  const shape = z.object({
    u: z.union([z.string(), z.number()]).optional(),
    event: z
      .discriminatedUnion('kind', [z.object({ kind: z.literal('click'), x: z.number() }), z.object({ kind: z.literal('key'), key: z.string() })])
      .optional(),
    either: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]).optional(),
    letter: z.union([z.literal('a'), z.literal('b')]).optional(),
    level: z.union([z.enum(['low', 'high']), z.number()]).optional(),
  });

  it.each([
    [{ u: true }, [{ path: '/u', message: 'must be a string or a number, got boolean' }]],
    [{ event: { kind: 'scroll' } }, [{ path: '/event/kind', message: 'must be one of "click", "key"' }]],
    [{ event: {} }, [{ path: '/event/kind', message: 'is required but missing' }]],
    [{ event: { kind: 'click', x: 'left' } }, [{ path: '/event/x', message: 'must be a number, got string' }]],
    [{ either: { c: 1 } }, [{ path: '/either', message: 'does not match any of the allowed alternatives' }]],
    [{ letter: 'c' }, [{ path: '/letter', message: 'must be one of "a", "b"' }]],
    [{ level: 'mid' }, [{ path: '/level', message: 'does not match any of the allowed alternatives' }]],
  ])('%j', (value, expected) => {
    const { zod, ajv } = bothWays(shape, value);
    expect(zod).toEqual(expected);
    expect(ajv).toEqual(expected);
  });

  it('record keys and uniqueness', () => {
    const { zod, ajv } = bothWays(z.object({ scores: z.record(z.string().min(2), z.number()) }), { scores: { a: 1, bc: 'x' } });
    expect(zod).toEqual(ajv);
    expect(ajv).toEqual([
      { path: '/scores/a', message: 'is not an allowed property name' },
      { path: '/scores/bc', message: 'must be a number, got string' },
    ]);
    const unique: JsonSchema = { type: 'array', uniqueItems: true };
    const validator = createJsonSchemaValidator(unique);
    expect(validator.ok && validator.value([1, 2, 1])).toEqual([{ path: '(root)', message: 'must not contain duplicates; items 0 and 2 are equal' }]);
  });
});

describe('readZodIssues on issues that came back from the sandbox', () => {
  it('reads tampered or unknown fields as the validator\'s own words instead of failing', () => {
    expect(
      formatValidationIssues(
        readZodIssues(
          [
            { code: 'custom', path: ['n'], message: 'must be even' },
            { code: 'too_small', path: ['n'], origin: 'date', minimum: 'yesterday', message: 'Too small: expected date to be >=yesterday' },
            { code: 'invalid_type', path: [{ toString: () => 'k' }], expected: 42, message: 'Invalid input: odd' },
            { code: 'invalid_union', path: [], errors: 'not a list', message: 'Invalid input' },
          ],
          { n: 1, k: 2 },
        ),
      ),
    ).toEqual([
      { path: '(root)', message: 'is invalid' },
      { path: '/k', message: 'odd' },
      { path: '/n', message: 'must be even' },
      { path: '/n', message: 'Too small: expected date to be >=yesterday' },
    ]);
  });
});
