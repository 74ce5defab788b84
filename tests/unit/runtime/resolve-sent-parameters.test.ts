import { describe, expect, it } from 'vitest';
import { resolveSentParameters } from '@/lib/runtime';

const loose = { type: 'object', properties: { city: { type: 'string', format: 'email' } } };

describe('resolveSentParameters', () => {
  it('strictifies a strict schema OpenAI would reject, and sends a non-strict one as written', () => {
    const strict = resolveSentParameters({ name: 'find', namespace: 'files', strict: true, parameters: loose });
    expect(strict).toMatchObject({ ok: true, value: { strictified: true, schema: { additionalProperties: false, required: ['city'] } } });
    expect(resolveSentParameters({ name: 'find', strict: false, parameters: loose })).toEqual({ ok: true, value: { schema: loose, strictified: false } });
  });

  it('refuses a strict schema that cannot be made strict, naming the tool', () => {
    const refused = resolveSentParameters({ name: 'find', namespace: 'files', strict: true, parameters: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/^Tool files\.find is strict, but OpenAI would reject its schema/) });
  });

  it('takes a form worked out elsewhere (the worker pool, for a server schema) at its word', () => {
    const prepared = { ok: false as const, error: 'worked out in the pool' };
    expect(resolveSentParameters({ name: 'find', strict: true, parameters: loose, sentParameters: prepared })).toBe(prepared);
  });
});
