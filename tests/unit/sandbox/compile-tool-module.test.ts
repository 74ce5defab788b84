import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { ZOD_TO_JSON_SCHEMA_OPTIONS } from '@/lib/runtime';

const HEADER = `import { z } from 'zod';\nimport { defineTool } from 'playground';\n`;

beforeAll(async () => {
  await prewarmSandboxPool();
});

describe('compileToolModule', () => {
  it('converts Zod schemas inside the sandbox exactly as z.toJSONSchema does on the host', async () => {
    const compiled = await compileToolModule(`${HEADER}
type Priority = 'low' | 'high';
export default [
  defineTool({
    name: 'create_task',
    description: 'Create a task.',
    schema: z.object({
      title: z.string().min(3).describe('Short title'),
      priority: z.enum(['low', 'high']).default('low'),
      tags: z.array(z.object({ name: z.string() })).max(5).optional(),
      due: z.string().datetime().nullable(),
    }),
    isReadOnly: false,
    needsApproval: (args) => args.priority === ('high' as Priority),
    execute: async () => 'ok',
  }),
];
`);
    expect(compiled.diagnostics).toEqual([]);
    const expected = z.toJSONSchema(
      z.object({
        title: z.string().min(3).describe('Short title'),
        priority: z.enum(['low', 'high']).default('low'),
        tags: z.array(z.object({ name: z.string() })).max(5).optional(),
        due: z.string().datetime().nullable(),
      }),
      ZOD_TO_JSON_SCHEMA_OPTIONS,
    );
    expect(compiled.tools).toHaveLength(1);
    expect(compiled.tools[0]).toEqual({
      name: 'create_task',
      description: 'Create a task.',
      parameters: expected,
      schemaSource: 'zod',
      strict: true,
      deferLoading: false,
      isReadOnly: false,
      isDestructive: false,
      needsApproval: 'dynamic',
      hasOutputSchema: false,
      hasExecute: true,
      line: 6,
    });
  });

  it('reads tags out of the sandbox as the host does, with a diagnostic at the tool for bad ones', async () => {
    const compiled = await compileToolModule(`${HEADER}
export default [
  defineTool({ name: 'a', description: 'A.', schema: z.object({}), tags: ['issues', 'repos'], execute: () => 'ok' }),
  defineTool({ name: 'b', description: 'B.', schema: z.object({}), tags: ['issues', 7] as never, execute: () => 'ok' }),
  defineTool({ name: 'c', description: 'C.', schema: z.object({}), tags: { issues: true } as never, execute: () => 'ok' }),
];
`);
    expect(compiled.tools.map((tool) => [tool.name, tool.tags])).toEqual([['a', ['issues', 'repos']]]);
    expect(compiled.diagnostics).toEqual([
      { message: 'Tool b: tags[1] must be a non-empty string of at most 100 characters, got 7.', line: 6, column: 3, severity: 'error' },
      { message: 'Tool c: tags must be a list of strings such as ["issues"].', line: 7, column: 3, severity: 'error' },
    ]);
  });

  it('keeps a jsonSchema verbatim and copies the metadata fields', async () => {
    const jsonSchema = { type: 'object', properties: { title: { type: 'string', minLength: 3, maxLength: 80 } }, required: ['title'], additionalProperties: false };
    const compiled = await compileToolModule(`${HEADER}
export default [
  defineTool({ name: 'create_ticket', description: 'Open a ticket.', jsonSchema: ${JSON.stringify(jsonSchema)},
    namespace: 'tickets', namespaceDescription: 'Ticket tools', deferLoading: true, executionMode: 'sequential',
    isDestructive: true, strict: false, needsApproval: true, timeoutMs: 5000, outputSchema: z.object({ id: z.string() }),
    execute: () => ({ content: { id: 'T-1' } }) }),
];
`);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.tools[0]).toEqual({
      name: 'create_ticket',
      description: 'Open a ticket.',
      parameters: jsonSchema,
      schemaSource: 'json-schema',
      namespace: 'tickets',
      namespaceDescription: 'Ticket tools',
      deferLoading: true,
      executionMode: 'sequential',
      isReadOnly: false,
      isDestructive: true,
      strict: false,
      needsApproval: true,
      timeoutMs: 5000,
      hasOutputSchema: true,
      hasExecute: true,
      outputParameters: z.toJSONSchema(z.object({ id: z.string() }), ZOD_TO_JSON_SCHEMA_OPTIONS),
      line: 5,
    });
  });

  it('reports a syntax error at its line and column', async () => {
    const compiled = await compileToolModule(`${HEADER}export default [\n  defineTool({ name: 'a', description: 'b' schema: z.object({}) }),\n];\n`);
    expect(compiled.tools).toEqual([]);
    expect(compiled.diagnostics).toEqual([{ message: expect.stringContaining('Expected'), line: 4, column: 44, severity: 'error' }]);
  });

  it('reports a throw at the top level where it was thrown', async () => {
    const compiled = await compileToolModule(`${HEADER}const limit: number = 3;\nif (limit > 2) {\n    throw new Error('config missing');\n}\nexport default [];\n`);
    expect(compiled.diagnostics).toEqual([{ message: 'Module evaluation threw: config missing', line: 5, column: 15, severity: 'error' }]);
  });

  it('reports misconfigured tools at their defineTool call while the others still compile', async () => {
    const source = `${HEADER}
const ok = (name: string) => defineTool({ name, description: 'fine', schema: z.object({ q: z.string() }), execute: () => 'x' });
export default [
  ok('good_one'),
  defineTool({ name: 'bad name', description: 'x', schema: z.object({}), execute: () => 1 }),
  defineTool({ name: 'dup', description: 'first', schema: z.object({}), execute: () => 1 }),
    defineTool({ name: 'dup', description: 'second', schema: z.object({}), execute: () => 1 }),
  defineTool({ name: 'union_root', description: 'x', schema: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]) as never, execute: () => 1 }),
  defineTool({ name: 'both', description: 'x', schema: z.object({}), jsonSchema: { type: 'object' }, execute: () => 1 } as never),
  defineTool({ name: 'bad_execute', description: 'x', schema: z.object({}), execute: 'run' } as never),
  defineTool({ name: 'when', description: 'x', schema: z.object({ at: z.date() }), execute: () => 1 }),
  ok('good_two'),
];
`;
    const compiled = await compileToolModule(source);
    expect(compiled.tools.map((tool) => tool.name)).toEqual(['good_one', 'dup', 'good_two']);
    const found = compiled.diagnostics.map(({ line, column, message }) => ({ line, column, message }));
    expect(found).toEqual([
      { line: 7, column: 3, message: expect.stringContaining('Tool name "bad name" must match') },
      { line: 9, column: 5, message: expect.stringContaining('Duplicate tool name "dup": already defined at line 8') },
      { line: 10, column: 3, message: expect.stringMatching(/root of a parameter schema must be type "object".*union/) },
      { line: 11, column: 3, message: 'Tool both sets both schema and jsonSchema; give exactly one.' },
      { line: 12, column: 3, message: 'Tool bad_execute: execute must be a function execute(args, ctx); leave it out to answer every call by hand.' },
      { line: 13, column: 3, message: expect.stringContaining('z.toJSONSchema cannot represent this schema') },
    ]);
    expect(compiled.diagnostics.every((diagnostic) => diagnostic.severity === 'error')).toBe(true);
  });

  it('reports an import other than zod and playground at the import, and still compiles the tools', async () => {
    const compiled = await compileToolModule(`import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nimport { defineTool } from 'playground';\nexport default [defineTool({ name: 'a', description: 'b', schema: z.object({}), execute: () => typeof readFileSync })];\n`);
    expect(compiled.tools.map((tool) => tool.name)).toEqual(['a']);
    expect(compiled.diagnostics).toEqual([{ message: "Cannot import 'node:fs': tool modules can import only 'zod' and 'playground'.", line: 2, column: 30, severity: 'error' }]);
  });

  it('stops an endless loop at the top level after 4000 ms', async () => {
    const compiled = await compileToolModule(`${HEADER}let n = 0;\nwhile (true) { n++; }\nexport default [];\n`);
    expect(compiled.diagnostics).toEqual([{ message: 'Module evaluation exceeded 4000 ms: is there an endless loop at the top level?', line: 1, column: 1, severity: 'error' }]);
  });

  it('gives each tool the shared definitions its jsonSchema reaches, and reports a clash at its defineTool', async () => {
    const compiled = await compileToolModule(`${HEADER}const definitions = {
  Owner: { type: 'object', properties: { login: { type: 'string' } } },
  Repo: { type: 'object', properties: { owner: { $ref: '#/$defs/Owner' } } },
  Label: { type: 'string', pattern: '^[a-z-]+$' },
};
export default [
  defineTool({ name: 'get_repo', description: 'r', jsonSchema: { type: 'object', properties: { repo: { $ref: '#/$defs/Repo' } } }, definitions, execute: () => 1 }),
  defineTool({ name: 'add_label', description: 'l', jsonSchema: { type: 'object', properties: { label: { $ref: '#/$defs/Label' } } }, definitions, execute: () => 1 }),
  defineTool({ name: 'clash', description: 'c', jsonSchema: { type: 'object', $defs: { Label: {} } }, definitions, execute: () => 1 }),
  defineTool({ name: 'zod_too', description: 'z', schema: z.object({}), definitions, execute: () => 1 }),
];
`);
    expect(compiled.tools.map((tool) => [tool.name, Object.keys(tool.parameters.$defs ?? {})])).toEqual([
      ['get_repo', ['Repo', 'Owner']],
      ['add_label', ['Label']],
    ]);
    expect(compiled.diagnostics.map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 11, message: 'Tool clash: $defs/Label is defined both in jsonSchema.$defs and in definitions; rename one.' },
      { line: 12, message: 'Tool zod_too: definitions go with jsonSchema; a Zod schema carries its own definitions.' },
    ]);
  });

  it('asks for a default export of tools', async () => {
    const compiled = await compileToolModule(`${HEADER}export const tools = [];\n`);
    expect(compiled.diagnostics).toEqual([{ message: expect.stringContaining('must default-export an array of tools'), line: 1, column: 1, severity: 'error' }]);
  });

  it('returns the cached result for the same source', async () => {
    const source = `${HEADER}export default [defineTool({ name: 'a', description: 'b', schema: z.object({}), execute: () => 1 })];\n`;
    const first = compileToolModule(source);
    expect(compileToolModule(source)).toBe(first);
    expect((await first).tools).toHaveLength(1);
  });
});
