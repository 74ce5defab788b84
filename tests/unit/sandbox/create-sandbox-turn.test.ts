import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createSandboxTurn, type SandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { contextFor, HEADER, moduleOf, openTurn, toolNamed, type RecordedLog } from './sandbox-test-helpers';

const TICKETS = `${HEADER}
export default [
  defineTool({
    name: 'read_file',
    description: 'Read a file from the workspace.',
    schema: z.object({ path: z.string().describe('File path'), items: z.array(z.object({ name: z.string() })).optional(), limit: z.number().int().default(10) }),
    isReadOnly: true,
    describeActivity: (args) => \`Reading \${args.path}\`,
    describeCompletedActivity: (args, result) => \`Read \${args.path}: \${JSON.stringify(result)}\`,
    execute: async (args, ctx) => { ctx.log('reading', args.path, { limit: args.limit }); return ctx.files.read(args.path) ?? \`No such file: \${args.path}\`; },
  }),
  defineTool({
    name: 'create_ticket',
    description: 'Open a ticket.',
    jsonSchema: { type: 'object', properties: { title: { type: 'string', minLength: 3 } }, required: ['title'], additionalProperties: false },
    needsApproval: (args: { title: string }) => args.title.includes('urgent'),
    outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    execute: (args: { title: string }) => args.title === 'broken' ? { content: { id: 7 } } : { content: { id: 'T-1' }, details: { title: args.title }, endTurn: true },
  }),
  defineTool({
    name: 'write_file', description: 'Write a file.', schema: z.object({ path: z.string(), text: z.string() }),
    outputSchema: z.object({ written: z.number() }),
    execute: async (args, ctx) => { ctx.files.write(args.path, args.text); ctx.files.delete('old.txt'); return args.path === 'bad' ? { written: 'x' } : { written: args.text.length, files: ctx.files.list() }; },
  }),
];
`;

let turn: SandboxTurn | undefined;
beforeAll(async () => {
  await prewarmSandboxPool();
});
afterEach(() => {
  turn?.dispose();
  turn = undefined;
});

describe('createSandboxTurn tools', () => {
  it('validates Zod arguments inside the sandbox with paths a model can act on', async () => {
    turn = await openTurn({ source: TICKETS });
    const read = toolNamed(turn, 'read_file');
    expect(await read.validateArguments({ path: 'a.txt' })).toEqual({ ok: true, value: { path: 'a.txt', limit: 10 } });
    const invalid = await read.validateArguments({ path: 3, items: [{ name: 'a' }, { name: 'b' }, { name: 1 }] });
    expect(invalid).toEqual({
      ok: false,
      error: [
        { path: '/items/2/name', message: 'must be a string, got number' },
        { path: '/path', message: 'must be a string, got number' },
      ],
    });
    expect(await read.validateArguments('nope')).toEqual({ ok: false, error: [{ path: '(root)', message: 'must be an object, got string' }] });
  });

  it('validates jsonSchema arguments with Ajv on the host', async () => {
    turn = await openTurn({ source: TICKETS });
    const create = toolNamed(turn, 'create_ticket');
    expect(await create.validateArguments({ title: 'Printer' })).toEqual({ ok: true, value: { title: 'Printer' } });
    expect(await create.validateArguments({ title: 'ab', extra: 1 })).toEqual({
      ok: false,
      error: [
        { path: '/extra', message: 'is not an allowed property; remove it' },
        { path: '/title', message: 'must be at least 3 characters long' },
      ],
    });
    expect(await create.validateArguments({})).toEqual({ ok: false, error: [{ path: '/title', message: 'is required but missing' }] });
  });

  it('evaluates needsApproval and the activity labels in the sandbox', async () => {
    turn = await openTurn({ source: TICKETS });
    const create = toolNamed(turn, 'create_ticket');
    const read = toolNamed(turn, 'read_file');
    expect(create.needsApproval).toBe('dynamic');
    expect(await create.evaluateNeedsApproval({ title: 'urgent: printer' })).toBe(true);
    expect(await create.evaluateNeedsApproval({ title: 'printer' })).toBe(false);
    expect(await read.evaluateNeedsApproval({ path: 'a' })).toBe(false);
    expect(await read.describeActivity({ path: 'a.txt' })).toBe('Reading a.txt');
    expect(await read.describeCompletedActivity({ path: 'a.txt' }, 'hi')).toBe('Read a.txt: "hi"');
    expect(await create.describeActivity({ title: 'x' })).toBeUndefined();
  });

  it('executes and normalizes the return value, with logs and the virtual files', async () => {
    turn = await openTurn({ source: TICKETS, files: { 'a.txt': 'hello', 'old.txt': 'bye' } });
    const logs: RecordedLog[] = [];
    expect(await toolNamed(turn, 'read_file').execute({ path: 'a.txt', limit: 10 }, contextFor('c1', logs))).toEqual({ ok: true, value: { content: 'hello' } });
    expect(logs).toEqual([{ callId: 'c1', message: 'reading a.txt {"limit":10}' }]);
    expect(await toolNamed(turn, 'create_ticket').execute({ title: 'Printer' }, contextFor('c2'))).toEqual({
      ok: true,
      value: { content: { id: 'T-1' }, details: { title: 'Printer' }, endTurn: true },
    });
    expect(await toolNamed(turn, 'write_file').execute({ path: 'b.txt', text: 'new' }, contextFor('c3'))).toEqual({
      ok: true,
      value: { content: { written: 3, files: ['a.txt', 'b.txt'] } },
    });
    expect(turn.files()).toEqual({ 'a.txt': 'hello', 'b.txt': 'new' });
  });

  it('turns an output that does not match outputSchema into output-invalid', async () => {
    turn = await openTurn({ source: TICKETS });
    expect(await toolNamed(turn, 'create_ticket').execute({ title: 'broken' }, contextFor('c1'))).toEqual({
      ok: false,
      error: { code: 'output-invalid', message: 'The output does not match the output schema: /id: must be a string, got number' },
    });
    expect(await toolNamed(turn, 'write_file').execute({ path: 'bad', text: '' }, contextFor('c2'))).toEqual({
      ok: false,
      error: { code: 'output-invalid', message: 'The output does not match the output schema: /written: must be a number, got string' },
    });
  });

  it('normalizes strings, JSON values and undefined', async () => {
    turn = await openTurn({ source: moduleOf({ text: "return 'plain';", json: 'return [1, { a: true }];', nothing: 'return;', shaped: "return { content: 'c', details: { n: 1 } };" }) });
    expect(await toolNamed(turn, 'text').execute({}, contextFor('a'))).toEqual({ ok: true, value: { content: 'plain' } });
    expect(await toolNamed(turn, 'json').execute({}, contextFor('b'))).toEqual({ ok: true, value: { content: [1, { a: true }] } });
    expect(await toolNamed(turn, 'nothing').execute({}, contextFor('c'))).toEqual({ ok: true, value: { content: null } });
    expect(await toolNamed(turn, 'shaped').execute({}, contextFor('d'))).toEqual({ ok: true, value: { content: 'c', details: { n: 1 } } });
  });

  it('runs parallel calls that sleep concurrently: every call starts before any call ends', async () => {
    turn = await openTurn({ source: moduleOf({ wait: "ctx.log('start'); await ctx.sleep(50); ctx.log('end'); return ctx.callId;" }) });
    const wait = toolNamed(turn, 'wait');
    const logs: RecordedLog[] = [];
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => wait.execute({}, contextFor(`call_${i}`, logs))));
    expect(results.map((result) => result.ok && result.value.content)).toEqual(Array.from({ length: 8 }, (_, i) => `call_${i}`));
    const firstEnd = logs.findIndex((log) => log.message === 'end');
    expect(logs.slice(0, firstEnd).filter((log) => log.message === 'start')).toHaveLength(8);
  });

  it('gives the same Math.random and Date values for the same seed and clock', async () => {
    const source = moduleOf({ sample: 'const before = Date.now(); await ctx.sleep(20); return [Math.random(), Math.random(), before, Date.now(), new Date().toISOString()];' });
    const run = async (seed: number) => {
      const opened = await openTurn({ source, seed, clockStart: Date.UTC(2026, 0, 1) });
      try {
        return await toolNamed(opened, 'sample').execute({}, contextFor('x'));
      } finally {
        opened.dispose();
      }
    };
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
    const content = first.ok ? (first.value.content as unknown[]) : [];
    expect(content.slice(2)).toEqual([Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 20, '2026-01-01T00:00:00.020Z']);
  });

  it('gives every turn fresh global state', async () => {
    const source = moduleOf({ count: 'globalThis.counter = (globalThis.counter ?? 0) + 1; return globalThis.counter;' });
    for (let i = 0; i < 2; i += 1) {
      const opened = await openTurn({ source });
      expect(await toolNamed(opened, 'count').execute({}, contextFor('x'))).toEqual({ ok: true, value: { content: 1 } });
      opened.dispose();
    }
  });

  it('refuses a module with errors and returns its diagnostics', async () => {
    const result = await createSandboxTurn({ source: `${HEADER}export default [defineTool({ name: 'bad name', description: 'x', schema: z.object({}), execute: () => 1 })];\n` });
    expect(result).toEqual({ ok: false, error: { message: 'The tool module has 1 error; fix it to run a turn.', diagnostics: [expect.objectContaining({ line: 3, severity: 'error' })] } });
  });
});
