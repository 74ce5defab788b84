import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolDefinitionError } from '@/lib/runtime/tools/define-tool';

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
