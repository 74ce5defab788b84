import { describe, expect, it } from 'vitest';
import { checkAnthropicRequestLimits, checkProviderCompatibility } from '@/lib/interop/compatibility/check-provider-compatibility';
import type { ProviderTarget } from '@/lib/interop/compatibility/provider-compatibility';
import type { JsonSchema } from '@/lib/runtime';

type Expected = Record<ProviderTarget, '✓' | '✗ fixable' | '✗'>;

function summarize(name: string, jsonSchema: JsonSchema): Expected {
  const verdicts = checkProviderCompatibility({ name, jsonSchema });
  return Object.fromEntries(
    verdicts.map((verdict) => [verdict.target, verdict.accepted ? '✓' : verdict.transformed ? '✗ fixable' : '✗']),
  ) as Expected;
}

const CLOSED = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
const OPTIONAL_WITH_MINIMUM = { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['q'] };
const ROOT_UNION: JsonSchema = { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }] };
const RECURSIVE = {
  type: 'object',
  properties: { node: { $ref: '#/$defs/node' } },
  required: ['node'],
  additionalProperties: false,
  $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['children'], additionalProperties: false } },
};
const NULLABLE_AND_CONST = { type: 'object', properties: { mode: { const: 1 }, note: { type: ['string', 'null'] } }, required: ['mode', 'note'], additionalProperties: false };
const MANY_OPTIONAL = { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`p${index}`, { type: 'string' }])), additionalProperties: false };
const NOT_KEYWORD = { type: 'object', properties: { a: { not: { type: 'string' } } }, required: ['a'], additionalProperties: false };

describe('provider compatibility matrix', () => {
  const table: [string, string, JsonSchema, Expected][] = [
    ['closed, all required', 'get_pet', CLOSED, { 'openai-strict': '✓', openai: '✓', anthropic: '✓', 'anthropic-strict': '✓', gemini: '✗ fixable' }],
    ['optional field with minimum', 'search', OPTIONAL_WITH_MINIMUM, { 'openai-strict': '✗ fixable', openai: '✓', anthropic: '✓', 'anthropic-strict': '✗ fixable', gemini: '✓' }],
    ['union at the root', 'either', ROOT_UNION, { 'openai-strict': '✗', openai: '✗', anthropic: '✗', 'anthropic-strict': '✗', gemini: '✗' }],
    ['recursive $ref', 'tree', RECURSIVE, { 'openai-strict': '✓', openai: '✓', anthropic: '✓', 'anthropic-strict': '✗', gemini: '✗' }],
    ['null type member and a numeric const', 'mode', NULLABLE_AND_CONST, { 'openai-strict': '✓', openai: '✓', anthropic: '✓', 'anthropic-strict': '✓', gemini: '✗ fixable' }],
    ['25 optional parameters', 'wide', MANY_OPTIONAL, { 'openai-strict': '✗ fixable', openai: '✓', anthropic: '✓', 'anthropic-strict': '✗', gemini: '✗ fixable' }],
    ['not keyword', 'negated', NOT_KEYWORD, { 'openai-strict': '✗', openai: '✓', anthropic: '✓', 'anthropic-strict': '✗', gemini: '✗' }],
    ['name starting with a digit', '1st', CLOSED, { 'openai-strict': '✓', openai: '✓', anthropic: '✓', 'anthropic-strict': '✓', gemini: '✗' }],
  ];
  it.each(table)('%s', (_label, name, schema, expected) => {
    expect(summarize(name, schema)).toEqual(expected);
  });

  it('gives the reason for each ✗ and a transformed schema that passes', () => {
    const [strict, , , anthropicStrict, gemini] = checkProviderCompatibility({ name: 'search', jsonSchema: OPTIONAL_WITH_MINIMUM });
    expect(strict?.transformed).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'], minimum: 1 } },
      required: ['q', 'limit'],
      additionalProperties: false,
    });
    expect(anthropicStrict?.issues.map((issue) => [issue.pointer, issue.message])).toEqual([
      ['/additionalProperties', 'additionalProperties must be false on every object.'],
      ['/properties/limit/minimum', 'minimum is not supported in strict tool use.'],
    ]);
    expect(anthropicStrict?.transformed).toEqual({ type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'], additionalProperties: false });
    expect(checkProviderCompatibility({ name: 'search', jsonSchema: anthropicStrict?.transformed ?? {} })[3]?.accepted).toBe(true);
    expect(gemini?.accepted).toBe(true);
  });

  it('rewrites for Gemini: nullable instead of a null type, string-only enums, references inlined', () => {
    const gemini = checkProviderCompatibility({ name: 'mode', jsonSchema: NULLABLE_AND_CONST })[4];
    expect(gemini?.issues.map((issue) => issue.pointer)).toEqual(['/additionalProperties', '/properties/mode/const', '/properties/note/type']);
    expect(gemini?.transformed).toEqual({
      type: 'object',
      properties: { mode: { description: 'One of: 1.' }, note: { type: 'string', nullable: true } },
      required: ['mode', 'note'],
    });
    const withRef = { type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string', enum: ['p', 'q'] } } };
    const inlined = checkProviderCompatibility({ name: 'ref', jsonSchema: withRef })[4];
    expect(inlined?.transformed).toEqual({ type: 'object', properties: { a: { type: 'string', enum: ['p', 'q'] } } });
    expect(checkProviderCompatibility({ name: 'ref', jsonSchema: inlined?.transformed ?? {} })[4]?.accepted).toBe(true);
  });

  it('explains unfixable verdicts', () => {
    const verdicts = checkProviderCompatibility({ name: 'tree', jsonSchema: RECURSIVE });
    expect(verdicts[3]?.issues.map((issue) => issue.message)).toContain('Recursive schemas are not supported.');
    expect(checkProviderCompatibility({ name: 'either', jsonSchema: ROOT_UNION })[2]?.issues.map((issue) => issue.message)).toEqual([
      'input_schema.type must be "object".',
      'input_schema does not support oneOf, allOf, or anyOf at the top level.',
    ]);
  });

  it("checks Anthropic's per-request strict limits across the tool set", () => {
    const tools = Array.from({ length: 21 }, (_, index) => ({ name: `t${index}`, jsonSchema: { type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: 'string' } }, required: ['a'], additionalProperties: false } }));
    expect(checkAnthropicRequestLimits(tools).map((issue) => issue.message)).toEqual([
      '21 strict tools in one request; Anthropic strict tool use allows at most 20.',
      '21 parameters using anyOf or type arrays in one request; Anthropic strict tool use allows at most 16.',
    ]);
    expect(checkAnthropicRequestLimits(tools.slice(0, 3))).toEqual([]);
  });
});
