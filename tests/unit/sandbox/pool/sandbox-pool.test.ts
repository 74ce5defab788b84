import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_THREAD_NICENESS } from '@/lib/sandbox/pool/worker-protocol';
import type { Tool } from '@/lib/runtime';
import { compileInPool } from '@/lib/sandbox/pool/compile-in-pool';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import { createSandboxPool, type SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import type { SandboxTurn, SandboxTurnOptions } from '@/lib/sandbox/turn/create-sandbox-turn';
import { contextFor, HEADER, moduleOf, type RecordedLog } from '../sandbox-test-helpers';

const pools: SandboxPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

function newPool(options: Parameters<typeof createSandboxPool>[0] = {}): SandboxPool {
  const pool = createSandboxPool({ size: 2, ...options });
  pools.push(pool);
  return pool;
}

async function open(pool: SandboxPool, options: SandboxTurnOptions): Promise<SandboxTurn> {
  const turn = await openPooledSandboxTurn(pool, options);
  if (!turn.ok) throw new Error(JSON.stringify(turn.error));
  return turn.value;
}

function tool(turn: SandboxTurn, name: string): Tool {
  const found = turn.tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const WORK = moduleOf({
  ok: `ctx.log('hello', 1); ctx.files.write('notes/a.txt', 'written'); return 'fine';`,
  spin: `for (;;) {}`,
  spinAfterSleep: `await ctx.sleep(5); for (;;) {}`,
  hog: `const chunks: Uint8Array[] = []; for (;;) chunks.push(new Uint8Array(8 << 20));`,
  bigStrings: `const parts: string[] = []; for (;;) parts.push('x'.repeat(1 << 22) + parts.length);`,
  chatty: `for (let i = 0; i < 5000; i += 1) ctx.log('line ' + i); return 'logged';`,
  bigFile: `ctx.files.write('big.bin', 'x'.repeat(2 * 1024 * 1024)); return 'never';`,
  manyFiles: `for (let i = 0; i < 1000; i += 1) ctx.files.write('f' + i, 'x'); return 'never';`,
  read: `return ctx.files.read('notes/a.txt') ?? 'missing';`,
});

describe('the sandbox pool', () => {
  const pool = newPool();

  it('compiles in a worker and answers the schema panel view, cached by source', async () => {
    const first = await compileInPool(pool, WORK);
    expect(first.ok && first.value.answer.tools.map((view) => view.name)).toEqual(['ok', 'spin', 'spinAfterSleep', 'hog', 'bigStrings', 'chatty', 'bigFile', 'manyFiles', 'read']);
    // z.object({}).passthrough() allows extra properties: not strict as written, strictified for sending.
    expect(first.ok && first.value.answer.tools[0]).toMatchObject({ strict: true, strictCheck: 'strictified' });
    expect(first.ok && JSON.parse(first.value.answer.detailTexts[0]!)).toMatchObject({ strictReport: { ok: false }, strictified: { schema: { additionalProperties: false } } });
    const [again, onceMore] = [await compileInPool(pool, WORK), await compileInPool(pool, WORK)];
    expect(again.ok && onceMore.ok && again.value.answer === onceMore.value.answer && again.value.moduleKey === onceMore.value.moduleKey).toBe(true);
  });

  it('runs a call in the worker: logs stream back and the file store syncs to the HTTP thread', async () => {
    const turn = await open(pool, { source: WORK, files: { 'seed.txt': 'seed' } });
    const logs: RecordedLog[] = [];
    expect(await tool(turn, 'ok').execute({}, contextFor('call_1', logs))).toEqual({ ok: true, value: { content: 'fine' } });
    expect(logs).toEqual([{ callId: 'call_1', message: 'hello 1' }]);
    expect(turn.files()).toEqual({ 'notes/a.txt': 'written', 'seed.txt': 'seed' });
    expect(await tool(turn, 'read').execute({}, contextFor('call_2'))).toEqual({ ok: true, value: { content: 'written' } });
    turn.dispose();
  });

  it('stops a spinning call at its CPU budget, also after a sleep, and the turn goes on', async () => {
    const turn = await open(pool, { source: WORK });
    for (const name of ['spin', 'spinAfterSleep']) {
      const result = await tool(turn, name).execute({}, contextFor(name, [], { timeoutMs: 20_000 }));
      expect(result).toEqual({ ok: false, error: { code: 'timeout', message: 'The tool used more than its CPU budget of 2000 ms and was stopped: is there an endless loop?' } });
    }
    expect(await tool(turn, 'read').execute({}, contextFor('after'))).toEqual({ ok: true, value: { content: 'missing' } });
    turn.dispose();
  });

  it('caps memory per turn: typed arrays and big strings fail alone, a neighbour in the same worker is untouched', async () => {
    const single = newPool({ size: 1 });
    const hog = await open(single, { source: WORK });
    const neighbour = await open(single, { source: WORK });
    const [typed, strings, normal] = await Promise.all([
      tool(hog, 'hog').execute({}, contextFor('hog', [], { timeoutMs: 20_000 })),
      tool(hog, 'bigStrings').execute({}, contextFor('strings', [], { timeoutMs: 20_000 })),
      tool(neighbour, 'ok').execute({}, contextFor('neighbour')),
    ]);
    expect(typed).toEqual({ ok: false, error: { code: 'limit-exceeded', message: 'The tool exceeded the sandbox memory limit of 64 MB.' } });
    expect(strings.ok).toBe(false);
    expect(!strings.ok && strings.error.code).toBe('limit-exceeded');
    expect(normal).toEqual({ ok: true, value: { content: 'fine' } });
    expect(await tool(neighbour, 'ok').execute({}, contextFor('neighbour-again'))).toEqual({ ok: true, value: { content: 'fine' } });
    hog.dispose();
    neighbour.dispose();
  });

  it('truncates a log flood with one line saying so', async () => {
    const turn = await open(pool, { source: WORK });
    const logs: RecordedLog[] = [];
    expect(await tool(turn, 'chatty').execute({}, contextFor('chatty', logs))).toEqual({ ok: true, value: { content: 'logged' } });
    expect(logs).toHaveLength(201);
    expect(logs.at(-1)?.message).toBe('log truncated: a call may log at most 200 lines or 64 KB; later lines were dropped.');
    turn.dispose();
  });

  it('asks the worker for activity labels only of tools that define them', async () => {
    const pool = newPool();
    const source = `${HEADER}export default [
  defineTool({ name: 'labelled', description: 'd', schema: z.object({ path: z.string() }), describeActivity: (args) => 'Reading ' + args.path, describeCompletedActivity: (args, output) => 'Read ' + args.path + ': ' + output, execute: () => 'ok' }),
  defineTool({ name: 'plain', description: 'd', schema: z.object({}), execute: () => 'ok' }),
];
`;
    const turn = await open(pool, { source });
    expect(turn.activityHooks).toEqual([
      { describeActivity: true, describeCompletedActivity: true },
      { describeActivity: false, describeCompletedActivity: false },
    ]);
    expect(await tool(turn, 'labelled').describeActivity({ path: 'a.txt' })).toBe('Reading a.txt');
    expect(await tool(turn, 'labelled').describeCompletedActivity({ path: 'a.txt' }, 'ok')).toBe('Read a.txt: ok');
    const pendingBefore = pool.stats().pending;
    const plain = tool(turn, 'plain');
    const labels = Promise.all([plain.describeActivity({}), plain.describeCompletedActivity({}, 'ok')]);
    // Nothing was sent to the worker for them.
    expect(pool.stats().pending).toBe(pendingBefore);
    expect(await labels).toEqual([undefined, undefined]);
    turn.dispose();
  });

  it('enforces the file quotas with errors the tool sees', async () => {
    const turn = await open(pool, { source: WORK });
    expect(await tool(turn, 'bigFile').execute({}, contextFor('big'))).toEqual({
      ok: false,
      error: { code: 'threw', message: 'FileQuotaError: ctx.files quota: big.bin would be 2097152 bytes; one file may hold at most 1048576 bytes (1 MB).' },
    });
    const many = await tool(turn, 'manyFiles').execute({}, contextFor('many'));
    expect(!many.ok && many.error.message).toMatch(/ctx\.files quota: the store already holds 200 files/);
    expect(Object.keys(turn.files())).toHaveLength(200);
    turn.dispose();
  });
});

/** The niceness of every thread of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are counted from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[16])];
  });
}

describe.runIf(existsSync('/proc/thread-self'))('worker priority (Linux)', () => {
  it('runs the workers below the HTTP thread\'s priority, which stays as it was', async () => {
    const before = threadNiceness().filter((nice) => nice === SANDBOX_THREAD_NICENESS).length;
    const pool = newPool({ size: 2 });
    // A compile answers once a worker is up, and its thread lowered its priority first.
    await compileInPool(pool, WORK);
    await compileInPool(pool, WORK + '\n// two');
    expect(threadNiceness().filter((nice) => nice === SANDBOX_THREAD_NICENESS).length - before).toBe(2);
    const own = readFileSync('/proc/thread-self/stat', 'utf8');
    expect(own.slice(own.lastIndexOf(')') + 2).split(' ')[16]).toBe('0');
  });
});

describe('a wedged worker', () => {
  // A pattern with lookaround cannot go to RE2; JavaScript's engine backtracks on it for minutes.
  const WEDGE = `${HEADER}export default [
  defineTool({ name: 'wedge', description: 'w', jsonSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)(a+)+$' } }, required: ['s'] }, execute: () => 'validated' }),
  defineTool({ name: 'calm', description: 'c', schema: z.object({}), isReadOnly: true, execute: async (_args, ctx) => { await ctx.sleep(20); return 'calm'; } }),
];
`;

  it('is terminated and replaced; the call in flight fails, the turn re-opens and goes on', async () => {
    const pool = newPool({ size: 2, unresponsiveAfterMs: 1000 });
    const turn = await open(pool, { source: WEDGE });
    const bystander = await open(pool, { source: WEDGE });
    const slow = tool(turn, 'wedge').validateArguments({ s: `${'a'.repeat(40)}!` });
    const meanwhile = tool(bystander, 'calm').execute({}, contextFor('bystander'));
    const validated = await slow;
    expect(validated.ok).toBe(false);
    expect(!validated.ok && validated.error[0]?.message).toMatch(/stopped answering .* and was replaced/);
    expect(await meanwhile).toEqual({ ok: true, value: { content: 'calm' } });
    expect(pool.stats().replaced).toBe(1);
    const logs: RecordedLog[] = [];
    expect(await tool(turn, 'calm').execute({}, contextFor('after', logs))).toEqual({ ok: true, value: { content: 'calm' } });
    expect(logs[0]?.message).toMatch(/worker of this turn was replaced/);
    turn.dispose();
    bystander.dispose();
  });

  it('answers busy instead of queueing without bound', async () => {
    const pool = newPool({ size: 1, maxPendingPerWorker: 1 });
    const sources = [1, 2].map((n) => `${HEADER}export default [defineTool({ name: 't${n}', description: 'd', schema: z.object({}), execute: () => ${n} })];\n`);
    const [first, second] = await Promise.all(sources.map((source) => compileInPool(pool, source)));
    expect(first?.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { code: 'busy', message: expect.stringMatching(/sandbox is at capacity/) } });
  });
});
