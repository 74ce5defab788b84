import { describe, expect, it } from 'vitest';
import { POST as compile } from '@/app/api/tools/compile/route';
import { POST as details } from '@/app/api/tools/compile/details/route';
import { INLINE_DETAIL_CHARS } from '@/lib/server/http/render-compile-response';
import type { CompileResponse, ToolDetailsResponse } from '@/lib/client/compile';

function post(url: string, body: unknown, address: string): Request {
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

const SMALL = `import { defineTool } from 'playground';
import { z } from 'zod';
export default [
  defineTool({ name: 'first', description: 'One.', schema: z.strictObject({ a: z.string() }), execute: () => 'a' }),
  defineTool({ name: 'second', description: 'Two.', schema: z.object({ b: z.number().optional() }), execute: () => 'b' }),
];`;

/** Thirty tools whose enums make the details far larger than what is sent inline. */
function largeModule(): string {
  const values = JSON.stringify(Array.from({ length: 1000 }, (_, index) => `value_number_${index}`));
  const tools = Array.from(
    { length: 30 },
    (_, index) => `  defineTool({ name: 'tool_${index}', description: 'Tool ${index}.', jsonSchema: { type: 'object', properties: { v: { type: 'string', enum: ${values} } }, required: ['v'], additionalProperties: false } }),`,
  );
  return `import { defineTool } from 'playground';\nexport default [\n${tools.join('\n')}\n];`;
}

describe('POST /api/tools/compile and /api/tools/compile/details', () => {
  it('sends an ordinary module’s details inline', async () => {
    const response = await compile(post('/api/tools/compile', { source: SMALL }, '198.51.100.1'));
    const body = (await response.json()) as CompileResponse;
    expect(body.moduleKey).toMatch(/^[0-9a-f]{64}$/);
    expect(body.tools.map((tool) => [tool.index, tool.name, tool.strictCheck])).toEqual([
      [0, 'first', 'accepted'],
      [1, 'second', 'strictified'],
    ]);
    expect(body.details?.[1]?.sentSchema).toMatchObject({ required: ['b'], properties: { b: { type: ['number', 'null'] } } });
    expect(body.tools[0]).not.toHaveProperty('jsonSchema');
  }, 30_000);

  it('leaves a large module’s details out and answers them by moduleKey and index', async () => {
    const response = await compile(post('/api/tools/compile', { source: largeModule() }, '198.51.100.2'));
    const text = await response.text();
    const body = JSON.parse(text) as CompileResponse;
    expect(body.tools).toHaveLength(30);
    expect(body.details).toBeNull();
    expect(text.length).toBeLessThan(INLINE_DETAIL_CHARS);

    const answer = await details(post('/api/tools/compile/details', { moduleKey: body.moduleKey, indexes: [29, 3, 29] }, '198.51.100.2'));
    expect(answer.status).toBe(200);
    const fetched = (await answer.json()) as ToolDetailsResponse;
    expect(fetched.indexes).toEqual([29, 3]);
    expect(fetched.details.map((detail) => (detail.jsonSchema.properties as { v: { enum: string[] } }).v.enum.length)).toEqual([1000, 1000]);
  }, 30_000);

  it('refuses what it cannot answer with the reason', async () => {
    const unknown = await details(post('/api/tools/compile/details', { moduleKey: 'f'.repeat(64), indexes: [0] }, '198.51.100.3'));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/no longer held by the server: compile the module again/);

    const compiled = (await (await compile(post('/api/tools/compile', { source: SMALL }, '198.51.100.3'))).json()) as CompileResponse;
    const outOfRange = await details(post('/api/tools/compile/details', { moduleKey: compiled.moduleKey, indexes: [2] }, '198.51.100.3'));
    expect(outOfRange.status).toBe(400);
    expect(((await outOfRange.json()) as { error: string }).error).toBe('Invalid request: indexes: the module has 2 tools; there is no tool 2.');

    const badKey = await details(post('/api/tools/compile/details', { moduleKey: '../etc', indexes: [0] }, '198.51.100.3'));
    expect(badKey.status).toBe(400);
    const tooMany = await details(post('/api/tools/compile/details', { moduleKey: compiled.moduleKey, indexes: Array.from({ length: 251 }, (_, index) => index) }, '198.51.100.3'));
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/at most 250 tools per request/);
  }, 30_000);
});
