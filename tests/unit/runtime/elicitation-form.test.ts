import { describe, expect, it } from 'vitest';
import { checkElicitationContent, readElicitationForm, type ElicitationField } from '@/lib/runtime';

function fields(schema: unknown): ElicitationField[] {
  const read = readElicitationForm(schema as never);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

describe('readElicitationForm', () => {
  it('reads each kind of field the spec allows, with titles, bounds, defaults and required', () => {
    const form = fields({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', title: 'Email' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        ok: { type: 'boolean', default: true },
        size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 2 },
      },
      required: ['email'],
    });
    expect(form).toEqual([
      { key: 'email', title: 'Email', required: true, kind: 'text', format: 'email' },
      { key: 'age', title: 'age', required: false, kind: 'number', integer: true, minimum: 0, maximum: 150 },
      { key: 'ok', title: 'ok', required: false, kind: 'boolean', default: true },
      { key: 'size', title: 'size', required: false, kind: 'choice', options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }] },
      { key: 'tags', title: 'tags', required: false, kind: 'choices', options: [{ value: 'a', label: 'a' }, { value: 'b', label: 'b' }], maxItems: 2 },
    ]);
  });

  it('refuses what a flat form cannot hold, saying which field', () => {
    expect(readElicitationForm({ type: 'object', properties: { address: { type: 'object' } } })).toMatchObject({ ok: false, error: expect.stringContaining('Field address has the type "object"') });
    expect(readElicitationForm({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } } })).toMatchObject({ ok: false, error: expect.stringContaining('"uuid"') });
    expect(readElicitationForm({ type: 'array' })).toMatchObject({ ok: false });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`f${index}`, { type: 'string' }]));
    expect(readElicitationForm({ type: 'object', properties: many })).toMatchObject({ ok: false, error: expect.stringContaining('at most 50') });
  });
});

describe('checkElicitationContent', () => {
  const form = fields({
    type: 'object',
    properties: { when: { type: 'string', format: 'date' }, site: { type: 'string', format: 'uri' }, n: { type: 'number', minimum: 1 }, tags: { type: 'array', items: { enum: ['a', 'b'] }, minItems: 1 } },
    required: ['n'],
  });

  it('accepts an answer that fits', () => {
    expect(checkElicitationContent(form, { when: '2026-12-07', site: 'https://example.com', n: 1.5, tags: ['a'] })).toEqual([]);
  });

  it('names each field that does not fit', () => {
    expect(checkElicitationContent(form, { when: 'tomorrow', site: 'nope', n: 0, tags: ['c'] })).toEqual([
      { path: '/when', message: 'Must be a date (YYYY-MM-DD).' },
      { path: '/site', message: 'Must be a URL.' },
      { path: '/n', message: 'Must be at least 1.' },
      { path: '/tags', message: 'Must be a list of a, b.' },
    ]);
    expect(checkElicitationContent(form, {})).toEqual([{ path: '/n', message: 'n is required.' }]);
    expect(checkElicitationContent(form, undefined)).toEqual([{ path: '', message: 'An accepted form needs its content.' }]);
  });
});
