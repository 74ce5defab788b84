import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { generateArguments, type GeneratedArguments } from '@/lib/models/embedded/arguments/generate-arguments';
import { GENERATOR_LIMITS } from '@/lib/models/embedded/arguments/generator-limits';
import { createSeededRandom } from '@/lib/models/embedded/seeded-random';
import type { JsonSchema } from '@/lib/runtime';

/** Non-unicode patterns (`[\w-.]`) are what tool authors write; validate them as JavaScript reads them without flags. */
const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);

function generate(schema: JsonSchema, seed = 1): GeneratedArguments {
  const result = generateArguments(schema, { random: createSeededRandom(seed) });
  expect(result.nodes).toBeLessThanOrEqual(GENERATOR_LIMITS.nodes);
  expect(JSON.stringify(result.value).length).toBeLessThanOrEqual(GENERATOR_LIMITS.outputCharacters);
  expect(result.clamps.length).toBeLessThanOrEqual(GENERATOR_LIMITS.clampMessages + 1);
  expect(generateArguments(schema, { random: createSeededRandom(seed) })).toEqual(result);
  return result;
}

function expectValid(schema: JsonSchema, value: unknown) {
  const validate = ajv.compile(schema);
  expect({ value, valid: validate(value), errors: validate.errors ?? [] }).toMatchObject({ valid: true });
}

const fanOut: JsonSchema = {
  type: 'object',
  properties: { a: { $ref: '#' }, b: { $ref: '#' }, c: { $ref: '#' }, d: { $ref: '#' } },
  required: ['a', 'b', 'c', 'd'],
};

describe('generateArguments limits', () => {
  it('clamps minProperties to the required properties plus the extra allowance', () => {
    const { value, clamps } = generate({ type: 'object', minProperties: 8000, additionalProperties: { type: 'integer' } });
    expect(Object.keys(value as object)).toHaveLength(GENERATOR_LIMITS.extraProperties);
    expect(clamps).toEqual(['(root): minProperties 8000 clamped to 32']);
  });

  it('clamps minLength, minItems and the items they multiply', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 100_000 }, items: { type: 'array', minItems: 5000, items: { type: 'integer' } } },
      required: ['name', 'items'],
    };
    const { value, clamps } = generate(schema);
    const { name, items } = value as { name: string; items: number[] };
    expect(name).toHaveLength(GENERATOR_LIMITS.stringLength);
    expect(items).toHaveLength(GENERATOR_LIMITS.arrayItems);
    expect(clamps).toEqual(['/name: minLength 100000 clamped to 256', '/items: minItems 5000 clamped to 16']);
  });

  it('clamps counted repetition in a pattern, flat or nested', () => {
    const flat = generate({ type: 'object', properties: { code: { type: 'string', pattern: '^a{100000}$' } }, required: ['code'] });
    expect((flat.value as { code: string }).code).toBe('a'.repeat(GENERATOR_LIMITS.patternRepetitions));
    expect(flat.clamps).toEqual(['/code: pattern repetition {100000} clamped to 64']);

    const nested = generate({ type: 'object', properties: { code: { type: 'string', pattern: '^(a{1000}){1000}$' } }, required: ['code'] });
    expect((nested.value as { code: string }).code.length).toBeLessThanOrEqual(GENERATOR_LIMITS.stringLength);
    expect(nested.clamps).toEqual(['/code: pattern needs more than 256 characters; ignored']);
  });

  it('keeps patterns that fit within the caps exact', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { sha: { type: 'string', pattern: '^[0-9a-f]{64}$' }, id: { type: 'string', pattern: '^[\\w-.]+$' }, line: { type: 'string', pattern: '^\\t\\d+\\n$' } },
      required: ['sha', 'id', 'line'],
    };
    for (let seed = 0; seed < 20; seed += 1) {
      const { value, clamps } = generate(schema, seed);
      expect(clamps).toEqual([]);
      expectValid(schema, value);
      expect((value as { id: string }).id).toMatch(/^[\w-.]+$/);
    }
  });

  it('ignores an invalid or unsupported pattern and says so instead of throwing', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '(abc' }, b: { type: 'string', pattern: '^(?=.*\\d).+$' }, c: { type: 'string', pattern: '[z-a]' } },
      required: ['a', 'b', 'c'],
    };
    const { value, clamps } = generate(schema);
    expect(value).toEqual({ a: expect.any(String), b: expect.any(String), c: expect.any(String) });
    expect(clamps).toEqual([
      '/a: pattern ignored (invalid regular expression: Unterminated group)',
      '/b: pattern ignored (not supported by the generator: a lookaround or named group)',
      '/c: pattern ignored (invalid regular expression: Range out of order in character class)',
    ]);
  });

  it('checks hints against a pattern without backtracking', () => {
    const schema: JsonSchema = { type: 'object', properties: { name: { type: 'string', pattern: '^(a|a)*(a|a)*(a|a)*$' } }, required: ['name'] };
    const hints = { values: [`${'a'.repeat(200)}!`], text: '' };
    const rejected = generateArguments(schema, { random: createSeededRandom(1), hints });
    expect((rejected.value as { name: string }).name).not.toContain('!');
    expectValid(schema, rejected.value);
    const accepted = generateArguments(schema, { random: createSeededRandom(1), hints: { values: ['a'.repeat(200)], text: '' } });
    expect(accepted.value).toEqual({ name: 'a'.repeat(200) });
  });

  it('terminates $ref fan-out: every level referencing the root several times', () => {
    const { value, clamps, nodes } = generate(fanOut);
    expect(nodes).toBeLessThanOrEqual(GENERATOR_LIMITS.nodes);
    expect(clamps).toContainEqual(expect.stringMatching(/^\$ref limit 64 reached at \/a\//));
    expect(JSON.stringify(value).length).toBeLessThan(2_000);
  });

  it('terminates a $ref that only points at itself, and allOf cycles through the root', () => {
    expect(generate({ $ref: '#' })).toMatchObject({ value: null, clamps: ['$ref limit 64 reached at (root)'] });
    const cycle = generate({ allOf: [{ $ref: '#' }], type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] });
    expect(cycle.value).toEqual({ x: expect.any(Number) });
  });

  it('stops at the depth limit and names where', () => {
    const { value, clamps } = generate({ type: 'object', properties: { a: { $ref: '#' } }, required: ['a'] });
    expect(clamps).toEqual(['depth limit 8 reached at /a/a/a/a/a/a/a/a']);
    expect(JSON.stringify(value)).toBe(`${'{"a":'.repeat(8)}{}${'}'.repeat(8)}`);
  });

  it('stops at the node limit', () => {
    const level = (items: JsonSchema): JsonSchema => ({ type: 'array', minItems: 16, items });
    const { clamps, nodes } = generate(level(level(level(level({ type: 'integer' })))));
    expect(nodes).toBe(GENERATOR_LIMITS.nodes);
    expect(clamps).toEqual([expect.stringMatching(/^node limit 2000 reached at \/\d+\/\d+\/\d+\/\d+$/)]);
  });

  it('stops at the output limit, counting values copied from the schema', () => {
    const long = generate({ type: 'array', minItems: 16, items: { type: 'array', minItems: 16, items: { type: 'string', minLength: 256 } } });
    expect(long.clamps).toEqual([expect.stringMatching(/^output limit 65536 characters reached at \/\d+\/\d+$/)]);
    const copied = generate({ type: 'array', minItems: 16, items: { const: 'x'.repeat(60_000) } });
    expect(copied.value).toEqual(['x'.repeat(60_000)]);
    expect(copied.clamps).toEqual(['output limit 65536 characters reached at /1']);
  });

  it('is valid whenever the schema is satisfiable within the caps', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        tags: { type: 'array', minItems: 12, maxItems: 16, items: { type: 'string', minLength: 200, maxLength: 256 } },
        options: { type: 'object', minProperties: 20, additionalProperties: { type: 'boolean' } },
        tree: { $ref: '#/$defs/node' },
      },
      required: ['tags', 'options', 'tree'],
      $defs: { node: { type: 'object', properties: { label: { type: 'string', pattern: '^[A-Z]{2}\\d{2}$' }, next: { $ref: '#/$defs/node' } }, required: ['label'] } },
    };
    for (let seed = 0; seed < 10; seed += 1) {
      const { value, clamps } = generate(schema, seed);
      expect(clamps).toEqual([]);
      expectValid(schema, value);
    }
  });

  it('keeps a handful of clamp messages and counts the rest', () => {
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`s${index}`, { type: 'string', minLength: 1_000_000 }]));
    const { clamps } = generate({ type: 'object', properties, required: Object.keys(properties) });
    expect(clamps).toHaveLength(GENERATOR_LIMITS.clampMessages + 1);
    expect(clamps[0]).toBe('/s0: minLength 1000000 clamped to 256');
    expect(clamps.at(-1)).toBe('…and 12 more');
  });

  it('never throws on hostile schemas', () => {
    const hostile: JsonSchema[] = [
      { $ref: '#/%E0%A4%A' },
      { type: 'string', pattern: '\\' },
      { type: 'string', pattern: `${'('.repeat(5000)}a${')'.repeat(5000)}` },
      { type: 'string', pattern: `${'(?:a|b)'.repeat(20_000)}` },
      { type: 'object', properties: { __proto__: { type: 'integer' } }, required: ['__proto__', 'constructor'] },
      { anyOf: Array.from({ length: 5000 }, () => ({ $ref: '#' })) },
      { type: Array.from({ length: 100_000 }, () => 'string') },
      { type: 'object', allOf: Array.from({ length: 5000 }, (_, index) => ({ properties: { [`p${index}`]: { type: 'integer' } }, required: [`p${index}`] })) },
    ];
    for (const schema of hostile) expect(() => generate(schema)).not.toThrow();
  });
});
