import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkStrictSchema, type StrictViolation, strictifySchema } from '@/lib/runtime';

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

const cases: { name: string; schema: unknown; violations: StrictViolation[] }[] = [
  {
    name: 'a root that is not an object',
    schema: { type: 'string' },
    violations: [{ pointer: '', rule: 'root-object', message: `schema must be a JSON Schema of 'type: "object"', got 'type: "string"'.` }],
  },
  {
    name: 'a root without a type',
    schema: { properties: {}, required: [], additionalProperties: false },
    violations: [{ pointer: '', rule: 'root-object', message: `schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.` }],
  },
  {
    name: 'a root union',
    schema: { anyOf: [closed({ a: { type: 'string' } })] },
    violations: [{ pointer: '', rule: 'root-not-union', message: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level." }],
  },
  {
    name: 'a missing additionalProperties',
    schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    violations: [{ pointer: '', rule: 'additional-properties', message: "In context=(), 'additionalProperties' is required to be supplied and to be false." }],
  },
  {
    name: 'an optional property',
    schema: { type: 'object', properties: { path: { type: 'string' }, mode: { type: 'string' } }, required: ['path'], additionalProperties: false },
    violations: [{
      pointer: '/properties/mode',
      rule: 'all-required',
      message: "In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'mode'.",
    }],
  },
  {
    name: 'oneOf in a property',
    schema: closed({ mode: { oneOf: [{ type: 'string' }, { type: 'number' }] } }),
    violations: [{ pointer: '/properties/mode/oneOf', rule: 'one-of', message: "In context=('properties', 'mode'), 'oneOf' is not permitted." }],
  },
  {
    name: 'default',
    schema: closed({ count: { type: 'number', default: 3 } }),
    violations: [{ pointer: '/properties/count/default', rule: 'default', message: "In context=('properties', 'count'), 'default' is not permitted." }],
  },
  {
    name: 'composition keywords',
    schema: closed({ a: { type: 'string', allOf: [{ type: 'string' }], not: { const: 'x' } } }),
    violations: [
      { pointer: '/properties/a/allOf', rule: 'composition', message: "In context=('properties', 'a'), 'allOf' is not permitted." },
      { pointer: '/properties/a/not', rule: 'composition', message: "In context=('properties', 'a'), 'not' is not permitted." },
    ],
  },
  {
    name: 'an unsupported keyword and format',
    schema: closed({ url: { type: 'string', format: 'uri', minLength: 1 } }),
    violations: [
      { pointer: '/properties/url/minLength', rule: 'unsupported-keyword', message: "In context=('properties', 'url'), 'minLength' is not permitted." },
      { pointer: '/properties/url/format', rule: 'unsupported-format', message: "In context=('properties', 'url'), 'uri' is not a valid format." },
    ],
  },
  {
    name: 'a nested object inside array items',
    schema: closed({ rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } }),
    violations: [
      { pointer: '/properties/rows/items', rule: 'additional-properties', message: "In context=('properties', 'rows', 'items'), 'additionalProperties' is required to be supplied and to be false." },
      {
        pointer: '/properties/rows/items/properties/id',
        rule: 'all-required',
        message: "In context=('properties', 'rows', 'items'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'id'.",
      },
    ],
  },
  {
    name: 'an array without items and an object without properties',
    schema: closed({ list: { type: 'array' }, bag: { type: 'object', additionalProperties: false } }),
    violations: [
      { pointer: '/properties/list', rule: 'missing-items', message: "In context=('properties', 'list'), array schema missing items." },
      { pointer: '/properties/bag', rule: 'missing-properties', message: "In context=('properties', 'bag'), object schema missing properties." },
    ],
  },
  {
    name: 'a record (additionalProperties as a schema) and propertyNames',
    schema: closed({ tags: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } } }),
    violations: [
      { pointer: '/properties/tags/propertyNames', rule: 'unsupported-keyword', message: "In context=('properties', 'tags'), 'propertyNames' is not permitted." },
      { pointer: '/properties/tags', rule: 'additional-properties', message: "In context=('properties', 'tags'), 'additionalProperties' is required to be supplied and to be false." },
      { pointer: '/properties/tags', rule: 'missing-properties', message: "In context=('properties', 'tags'), object schema missing properties." },
    ],
  },
  {
    name: 'a schema without a type and a bad type',
    schema: closed({ anything: {}, odd: { type: 'text' } }),
    violations: [
      { pointer: '/properties/anything', rule: 'missing-type', message: "In context=('properties', 'anything'), schema must have a 'type' key." },
      { pointer: '/properties/odd/type', rule: 'invalid-type', message: `In context=('properties', 'odd'), "text" is not a valid type.` },
    ],
  },
  {
    name: 'an unresolvable $ref',
    schema: closed({ node: { $ref: '#/$defs/Missing' } }),
    violations: [{ pointer: '/properties/node/$ref', rule: 'invalid-ref', message: "In context=('properties', 'node'), reference '#/$defs/Missing' does not resolve to a definition in this schema." }],
  },
  {
    name: 'a single-element context and a quote in a key',
    schema: { ...closed({ "it's": { type: 'string' } }), $defs: { D: { type: 'string', examples: ['x'] } } },
    violations: [{ pointer: '/$defs/D/examples', rule: 'unsupported-keyword', message: "In context=('$defs', 'D'), 'examples' is not permitted." }],
  },
  {
    name: 'pointer escaping of / and ~',
    schema: closed({ 'a/b~c': { type: 'string', default: '' } }),
    violations: [{ pointer: '/properties/a~1b~0c/default', rule: 'default', message: "In context=('properties', 'a/b~c'), 'default' is not permitted." }],
  },
  {
    name: 'a pattern with lookahead',
    schema: closed({ password: { type: 'string', pattern: '^(?=.*\\d).+$' } }),
    violations: [{ pointer: '/properties/password/pattern', rule: 'unsupported-pattern', message: "In context=('properties', 'password'), regex lookaround is not supported." }],
  },
  {
    name: 'a pattern with a backreference and lookbehind, in a definition',
    schema: { ...closed({ word: { $ref: '#/$defs/Word' } }), $defs: { Word: { type: 'string', pattern: '(?<!x)(a)\\1' } } },
    violations: [
      { pointer: '/$defs/Word/pattern', rule: 'unsupported-pattern', message: "In context=('$defs', 'Word'), regex lookaround is not supported." },
      { pointer: '/$defs/Word/pattern', rule: 'unsupported-pattern', message: "In context=('$defs', 'Word'), regex backreferences are not supported." },
    ],
  },
  {
    name: 'a pattern with a named backreference inside array items',
    schema: closed({ tags: { type: 'array', items: { type: 'string', pattern: '^(?<q>["\'])\\w+\\k<q>$' } } }),
    violations: [{ pointer: '/properties/tags/items/pattern', rule: 'unsupported-pattern', message: "In context=('properties', 'tags', 'items'), regex backreferences are not supported." }],
  },
];

describe('checkStrictSchema', () => {
  it.each(cases)('reports $name', ({ schema, violations }) => {
    expect(checkStrictSchema(schema)).toEqual({ ok: false, violations });
  });

  it('accepts a strict schema with $schema, nullable fields, anyOf, $defs and recursion', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      ...closed({
        path: { type: 'string', pattern: '^/', description: 'where' },
        when: { type: ['string', 'null'], format: 'date-time' },
        unit: { type: ['string', 'null'], enum: ['F', 'C', null] },
        count: { type: 'integer', minimum: 0, maximum: 10, multipleOf: 1 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        value: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        tree: { $ref: '#/$defs/Node' },
      }),
      $defs: { Node: closed({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) },
    };
    expect(checkStrictSchema(schema)).toEqual({ ok: true, violations: [] });
  });

  it.each([
    ['negative lookahead', '^(?!admin)\\w+$', 'lookaround'],
    ['lookbehind', '(?<=\\$)\\d+', 'lookaround'],
    ['negative lookbehind', '(?<!-)\\d+', 'lookaround'],
    ['numbered backreference', '(\\w)\\9', 'backreference'],
  ])('reports %s in a pattern', (_name, pattern, kind) => {
    const report = checkStrictSchema(closed({ s: { type: 'string', pattern } }));
    const text = kind === 'lookaround' ? 'regex lookaround is not supported.' : 'regex backreferences are not supported.';
    expect(report).toEqual({ ok: false, violations: [{ pointer: '/properties/s/pattern', rule: 'unsupported-pattern', message: `In context=('properties', 's'), ${text}` }] });
  });

  it.each([
    ['an escaped parenthesis', '^\\(?=$'],
    ['a character class', '^[(?=]+$'],
    ['a class holding an escaped bracket', '^[\\](?!]+$'],
    ['a named group', '^(?<year>\\d{4})$'],
    ['a non-capturing group', '^(?:ab)+$'],
    ['an escaped backslash before a digit', '^\\\\1$'],
    ['a digit escape inside a class', '^[\\1-\\7]$'],
    ['\\0', '^a\\0$'],
  ])('accepts a pattern with %s', (_name, pattern) => {
    expect(checkStrictSchema(closed({ s: { type: 'string', pattern } }))).toEqual({ ok: true, violations: [] });
  });

  it('leaves an unsupported pattern to the author: strictify cannot remove it', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)a+$' } } };
    expect(strictifySchema(schema)).toEqual({
      ok: false,
      violations: [{ pointer: '/properties/s/pattern', rule: 'unsupported-pattern', message: "In context=('properties', 's'), regex lookaround is not supported." }],
    });
  });

  it('accepts z.toJSONSchema output of a fully required Zod object', () => {
    const schema = z.toJSONSchema(z.object({ path: z.string(), mode: z.enum(['r', 'w']).nullable(), at: z.iso.datetime() }));
    expect(checkStrictSchema(schema)).toEqual({ ok: true, violations: [] });
  });

  it('reports Zod optional fields and discriminated unions', () => {
    const schema = z.toJSONSchema(z.object({
      mode: z.enum(['r', 'w']).optional(),
      action: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]),
    }));
    expect(checkStrictSchema(schema).violations.map((violation) => [violation.pointer, violation.rule])).toEqual([
      ['/properties/mode', 'all-required'],
      ['/properties/action/oneOf', 'one-of'],
    ]);
  });

  it('rejects nesting deeper than 10 object levels, following $ref', () => {
    let schema: Record<string, unknown> = closed({ leaf: { type: 'string' } });
    for (let level = 0; level < 10; level += 1) schema = closed({ inner: schema });
    const report = checkStrictSchema(schema);
    expect(report.violations).toEqual([{
      pointer: `${'/properties/inner'.repeat(10)}`,
      rule: 'max-depth',
      message: `In context=(${Array(10).fill("'properties', 'inner'").join(', ')}), the schema is nested more than 10 levels deep; at most 10 levels of nesting are permitted.`,
    }]);
    const viaRef = { ...closed({ a: { $ref: '#/$defs/Deep' } }), $defs: { Deep: (schema as { properties: { inner: unknown } }).properties.inner } };
    expect(checkStrictSchema(viaRef).violations.map((violation) => violation.rule)).toEqual(['max-depth']);
  });

  it('accepts exactly 10 levels', () => {
    let schema: Record<string, unknown> = closed({ leaf: { type: 'string' } });
    for (let level = 0; level < 9; level += 1) schema = closed({ inner: schema });
    expect(checkStrictSchema(schema).ok).toBe(true);
  });

  it('enforces property, enum and string budgets', () => {
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]));
    expect(checkStrictSchema(closed(many)).violations).toEqual([
      { pointer: '', rule: 'max-properties', message: 'The schema has 5001 object properties in total; at most 5000 are permitted.' },
    ]);

    const values = Array.from({ length: 1001 }, (_, index) => `v${index}`);
    expect(checkStrictSchema(closed({ e: { type: 'string', enum: values } })).violations).toEqual([
      { pointer: '', rule: 'max-enum-values', message: 'The schema has 1001 enum values in total; at most 1000 are permitted.' },
    ]);

    const long = Array.from({ length: 251 }, (_, index) => `${index}`.padEnd(60, 'x'));
    expect(checkStrictSchema(closed({ e: { type: 'string', enum: long } })).violations).toEqual([
      { pointer: '/properties/e/enum', rule: 'enum-string-budget', message: "In context=('properties', 'e'), an enum with more than 250 values has 15060 characters of string values; at most 15000 are permitted." },
    ]);

    const names = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`${index}`.padEnd(1201, 'n'), { type: 'string' }]));
    expect(checkStrictSchema(closed(names)).violations).toEqual([
      { pointer: '', rule: 'string-budget', message: 'The total string length of property names, definition names, enum values and const values is 120100; at most 120000 is permitted.' },
    ]);
  });

  it('never throws on garbage', () => {
    for (const garbage of [null, 42, 'x', [], [1, 2], { type: 5 }, { type: 'object', properties: 7 }, { type: 'object', properties: { a: null } }]) {
      expect(() => checkStrictSchema(garbage)).not.toThrow();
      expect(checkStrictSchema(garbage).ok).toBe(false);
    }
  });

  it('survives very deep input without a stack overflow', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20_000; level += 1) schema = { type: 'array', items: schema };
    const report = checkStrictSchema({ ...closed({ deep: schema }) });
    expect(report.violations.map((violation) => violation.rule)).toEqual(['max-depth']);
  });
});
