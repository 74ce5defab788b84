import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, type JsonValue, restoreOptionalArguments, strictifySchema } from '@/lib/runtime';

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema) as JsonSchema;

describe('restoreOptionalArguments', () => {
  it('drops a null sent for an optional field', () => {
    const schema = toSchema(z.object({ path: z.string(), mode: z.enum(['r', 'w']).optional() }));
    expect(restoreOptionalArguments({ path: 'a', mode: null }, schema)).toEqual({ path: 'a' });
    expect(restoreOptionalArguments({ path: 'a', mode: 'r' }, schema)).toEqual({ path: 'a', mode: 'r' });
  });

  it('keeps null for a field whose original type allowed it', () => {
    const schema = toSchema(z.object({ note: z.string().nullable().optional(), must: z.string().nullable() }));
    expect(restoreOptionalArguments({ note: null, must: null }, schema)).toEqual({ note: null, must: null });
  });

  it('keeps null for a required field so validation reports it', () => {
    const schema = toSchema(z.object({ path: z.string() }));
    expect(restoreOptionalArguments({ path: null }, schema)).toEqual({ path: null });
  });

  it('recurses into nested objects and arrays of objects', () => {
    const schema = toSchema(z.object({
      options: z.object({ depth: z.number().optional(), name: z.string() }),
      rows: z.array(z.object({ id: z.number(), label: z.string().optional() })),
    }));
    const args = { options: { depth: null, name: 'x' }, rows: [{ id: 1, label: null }, { id: 2, label: 'b' }] };
    expect(restoreOptionalArguments(args, schema)).toEqual({ options: { name: 'x' }, rows: [{ id: 1 }, { id: 2, label: 'b' }] });
  });

  it('follows $ref through recursive definitions', () => {
    type Tree = { name: string; children?: Tree[] };
    const Node: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(Node).optional() }));
    const schema = toSchema(z.object({ tree: Node }));
    const args = { tree: { name: 'root', children: [{ name: 'leaf', children: null }] } };
    expect(restoreOptionalArguments(args, schema)).toEqual({ tree: { name: 'root', children: [{ name: 'leaf' }] } });
  });

  it('picks the matching branch of a discriminated union', () => {
    const schema = toSchema(z.object({
      action: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('move'), to: z.string(), force: z.boolean().optional() }),
        z.object({ kind: z.literal('copy'), to: z.string(), note: z.string().nullable().optional() }),
      ]),
    }));
    expect(restoreOptionalArguments({ action: { kind: 'move', to: 'x', force: null } }, schema)).toEqual({ action: { kind: 'move', to: 'x' } });
    expect(restoreOptionalArguments({ action: { kind: 'copy', to: 'x', note: null } }, schema)).toEqual({ action: { kind: 'copy', to: 'x', note: null } });
  });

  it('leaves unknown keys, primitives and non-matching shapes alone and never mutates', () => {
    const schema = toSchema(z.object({ a: z.string().optional() }));
    const args: JsonValue = { a: null, extra: null };
    const before = structuredClone(args);
    expect(restoreOptionalArguments(args, schema)).toEqual({ extra: null });
    expect(args).toEqual(before);
    expect(restoreOptionalArguments('text', schema)).toBe('text');
    expect(restoreOptionalArguments([null], schema)).toEqual([null]);
  });

  it('undoes strictifySchema: arguments valid for the strict schema become valid for the original', () => {
    const original = z.object({ path: z.string(), limit: z.number().int().optional(), filter: z.object({ tag: z.string().optional() }).optional() });
    const schema = toSchema(original);
    const outcome = strictifySchema(schema);
    expect(outcome.ok).toBe(true);
    const fromModel = { path: '/tmp', limit: null, filter: { tag: null } };
    const restored = restoreOptionalArguments(fromModel, schema);
    expect(restored).toEqual({ path: '/tmp', filter: {} });
    expect(original.safeParse(restored).success).toBe(true);
    expect(original.safeParse(fromModel).success).toBe(false);
  });
});
