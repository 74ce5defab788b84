import { describe, expect, it } from 'vitest';
import { createJsonSchemaValidator } from '@/lib/runtime/validate-json-schema';
import { compileJsonSchemaValidator } from '@/lib/sandbox/json-schema-validator';

const SCHEMA = {
  type: 'object',
  properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, slug: { type: 'string', pattern: '^[a-z-]+$' }, word: { type: 'string', pattern: '^(a+)+$' } },
  patternProperties: { '^x-': { type: 'number' } },
  propertyNames: { pattern: '^[a-z-]+$' },
};

describe('schema patterns on RE2', () => {
  const validators = {
    runtime: (value: unknown) => {
      const created = createJsonSchemaValidator(SCHEMA);
      if (!created.ok) throw new Error(created.message);
      return created.validate(value);
    },
    sandbox: (value: unknown) => {
      const compiled = compileJsonSchemaValidator(SCHEMA);
      if (!compiled.ok) throw new Error(compiled.error);
      return compiled.value(value);
    },
  };

  for (const [name, validate] of Object.entries(validators)) {
    it(`${name}: enforces each pattern separately, patternProperties and propertyNames included`, () => {
      expect(validate({ code: 'ABC', slug: 'a-b', word: 'aaa', 'x-n': 1 })).toEqual([]);
      expect(validate({ code: 'abc' }).map((issue) => issue.path)).toEqual(['code']);
      expect(validate({ slug: 'A B' }).map((issue) => issue.path)).toEqual(['slug']);
      // The two wrappers still format this path differently (["x-n"] and x-n): one issue either way.
      expect(validate({ 'x-n': 'one' }).map((issue) => issue.path.replace(/^\["(.*)"\]$/, '$1'))).toEqual(['x-n']);
      expect(validate({ BAD: 1 }).length).toBeGreaterThan(0);
    });

    it(`${name}: a catastrophic pattern answers at once on a long input`, () => {
      expect(validate({ word: `${'a'.repeat(50_000)}!` }).map((issue) => issue.path)).toEqual(['word']);
    });
  }

  it('refuses lookaround on the HTTP thread and falls back in the worker', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)a+$' } } };
    const runtime = createJsonSchemaValidator(schema);
    expect(runtime.ok).toBe(false);
    expect(!runtime.ok && runtime.message).toMatch(/needs lookaround or backreferences/);
    const sandbox = compileJsonSchemaValidator(schema);
    expect(sandbox.ok && sandbox.value({ s: 'b' }).length).toBe(1);
  });
});
