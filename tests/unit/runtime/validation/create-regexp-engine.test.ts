import { describe, expect, it } from 'vitest';
import { type JsonSchema, createJsonSchemaValidator } from '@/lib/runtime';

const SCHEMA = {
  type: 'object',
  properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, slug: { type: 'string', pattern: '^[a-z-]+$' }, word: { type: 'string', pattern: '^(a+)+$' } },
  patternProperties: { '^x-': { type: 'number' } },
  propertyNames: { pattern: '^[a-z-]+$' },
};

function validatorFor(schema: JsonSchema, patterns: 'refuse' | 'backtrack' = 'refuse') {
  const created = createJsonSchemaValidator(schema, { patterns });
  if (!created.ok) throw new Error(created.error);
  return created.value;
}

/** Whether `input` matches `pattern` when the one Ajv wrapper checks it. */
function matches(pattern: string, input: string, patterns: 'refuse' | 'backtrack' = 'refuse'): boolean {
  return validatorFor({ type: 'object', properties: { s: { type: 'string', pattern } } }, patterns)({ s: input }).length === 0;
}

describe('schema patterns on RE2', () => {
  for (const patterns of ['refuse', 'backtrack'] as const) {
    const validate = validatorFor(SCHEMA, patterns);

    it(`${patterns}: enforces each pattern separately, patternProperties and propertyNames included`, () => {
      expect(validate({ code: 'ABC', slug: 'a-b', word: 'aaa', 'x-n': 1 })).toEqual([]);
      expect(validate({ code: 'abc' })).toEqual([{ path: '/code', message: 'must match the pattern ^[A-Z]{3}$' }]);
      expect(validate({ slug: 'A B' }).map((issue) => issue.path)).toEqual(['/slug']);
      expect(validate({ 'x-n': 'one' })).toEqual([{ path: '/x-n', message: 'must be a number, got string' }]);
      expect(validate({ BAD: 1 })).toEqual([{ path: '/BAD', message: 'is not an allowed property name' }]);
    });

    it(`${patterns}: a catastrophic pattern answers at once on a long input`, () => {
      expect(validate({ word: `${'a'.repeat(50_000)}!` }).map((issue) => issue.path)).toEqual(['/word']);
    });
  }

  it('reads patterns as the ECMAScript JSON Schema means, where RE2 spells things differently', () => {
    // Valid only outside Unicode mode, as Zod's `.regex(/^[\w-.]+$/)` writes it.
    expect(matches('^[\\w-.]+$', 'a-b.c')).toBe(true);
    expect(matches('^[\\w-.]+$', 'a b')).toBe(false);
    expect(matches('^\\u00e9+$', 'éé')).toBe(true);
    expect(matches('^\\uD83D\\uDE00$', '😀')).toBe(true);
    expect(matches('^[^]$', '\n')).toBe(true);
    expect(matches('^[]$', '')).toBe(false);
    expect(matches('^\\cJ$', '\n')).toBe(true);
    expect(matches('^[\\b]$', '\b')).toBe(true);
    // ECMAScript's `.` stops at every line terminator, its `\s` knows Unicode spaces; RE2's do not.
    expect(matches('^.$', '\u2028')).toBe(false);
    expect(matches('^.$', '😀')).toBe(true);
    expect(matches('^\\s$', '\u00a0')).toBe(true);
    expect(matches('^\\s$', '\v')).toBe(true);
    expect(matches('^[\\S]+$', 'a b')).toBe(false);
    expect(matches('^\\p{L}+$', 'é')).toBe(true);
  });

  it('refuses lookaround and backreferences by name on the HTTP thread, and falls back in the worker', () => {
    const lookaround = { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)a+$' } } };
    expect(createJsonSchemaValidator(lookaround)).toEqual({
      ok: false,
      error:
        'The JSON Schema is invalid: The pattern "^(?=a)a+$" uses lookaround; patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.',
    });
    expect(createJsonSchemaValidator({ type: 'object', properties: { s: { type: 'string', pattern: '(a)\\1' } } })).toMatchObject({ ok: false, error: expect.stringContaining('uses a backreference;') });
    expect(validatorFor(lookaround, 'backtrack')({ s: 'b' })).toEqual([{ path: '/s', message: 'must match the pattern ^(?=a)a+$' }]);
    expect(matches('(a)\\1', 'aa', 'backtrack')).toBe(true);
  });

  it('refuses what is not an ECMAScript regular expression, even where RE2 would take it', () => {
    for (const patterns of ['refuse', 'backtrack'] as const) {
      expect(createJsonSchemaValidator({ type: 'object', properties: { s: { type: 'string', pattern: '(?i)abc' } } }, { patterns })).toEqual({
        ok: false,
        error: 'The JSON Schema is invalid: The pattern "(?i)abc" is not an ECMAScript regular expression, which JSON Schema patterns are (Invalid group).',
      });
    }
  });
});
