import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolDefinitionError } from '@/lib/runtime';

const ok = { description: 'd', execute: () => 'x' };

describe('defineTool', () => {
  it('throws early on a bad name', () => {
    expect(() => defineTool({ ...ok, name: 'has space', schema: z.object({}) })).toThrow(ToolDefinitionError);
    expect(() => defineTool({ ...ok, name: 'has space', schema: z.object({}) })).toThrow('Tool name "has space" must match ^[a-zA-Z0-9_-]{1,64}$');
  });

  it('throws on a non-object root, naming the union fix', () => {
    const union = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);
    expect(() => defineTool({ ...ok, name: 'u', schema: union })).toThrow(/root of a parameter schema must be type "object", but it is a union \((anyOf|oneOf)\)/);
  });

  it('throws when both or neither schema is given, and on a bad timeout', () => {
    expect(() => defineTool({ ...ok, name: 'n' } as never)).toThrow(/needs a parameter schema/);
    expect(() => defineTool({ ...ok, name: 'b', schema: z.object({}), jsonSchema: { type: 'object' } } as never)).toThrow(/sets both schema and jsonSchema/);
    expect(() => defineTool({ ...ok, name: 't', schema: z.object({}), timeoutMs: -1 })).toThrow(/timeoutMs must be/);
  });

  it('keeps tags once each in the order written, and refuses tags that are not a short list of labels', () => {
    expect(defineTool({ ...ok, name: 'tagged', schema: z.object({}), tags: ['issues', 'repos', 'issues'] }).tags).toEqual(['issues', 'repos']);
    expect(defineTool({ ...ok, name: 'untagged', schema: z.object({}), tags: [] }).tags).toBeUndefined();
    expect(() => defineTool({ ...ok, name: 's', schema: z.object({}), tags: 'issues' as never })).toThrow('Tool s: tags must be a list of strings such as ["issues"].');
    expect(() => defineTool({ ...ok, name: 'e', schema: z.object({}), tags: ['ok', ' '] })).toThrow('Tool e: tags[1] must be a non-empty string of at most 100 characters, got " ".');
    expect(() => defineTool({ ...ok, name: 'm', schema: z.object({}), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toThrow('Tool m: tags may hold at most 20 labels, got 21.');
  });

  it('converts Zod for input: a defaulted field is optional', () => {
    const tool = defineTool({ ...ok, name: 'z', schema: z.object({ a: z.string(), b: z.number().default(3) }) });
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['a'], properties: { b: { type: 'number', default: 3 } } });
  });

  it('passes a JSON Schema through unchanged and validates with Ajv (draft-07 by $schema)', async () => {
    const jsonSchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { n: { type: 'integer', minimum: 2 }, email: { type: 'string', format: 'email' } }, required: ['n'] };
    const tool = defineTool({ ...ok, name: 'j', jsonSchema });
    expect(tool.parameters).toBe(jsonSchema);
    expect(await tool.validateArguments({ n: 1, email: 'nope' })).toEqual({
      ok: false,
      error: [{ path: '/email', message: 'must match the format "email"' }, { path: '/n', message: 'must be at least 2' }],
    });
  });

  it('checks the output schema and reports a mismatch as a tool failure', async () => {
    const tool = defineTool({ ...ok, name: 'o', schema: z.object({}), outputSchema: z.object({ id: z.string() }), execute: () => ({ id: 5 }) });
    const controller = new AbortController();
    expect(await tool.execute({}, { callId: 'c', signal: controller.signal, timeoutMs: 100, log: () => undefined })).toEqual({
      ok: false,
      error: { code: 'output-invalid', message: 'The output does not match the output schema: /id: must be a string, got number' },
    });
  });
});
