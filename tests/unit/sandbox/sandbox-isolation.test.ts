import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import type { SandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { contextFor, moduleOf, openTurn, toolNamed } from './sandbox-test-helpers';

const ABUSE = moduleOf({
  probe: `return [typeof process, typeof fetch, typeof setTimeout, typeof globalThis.process, typeof Function('return this')().process, typeof (() => {}).constructor.constructor('return globalThis')().require];`,
  walk: `const seen = []; for (const key of Object.getOwnPropertyNames(globalThis)) { if (/^(process|require|fetch|Buffer|module|global|__dirname|host)$/.test(key)) seen.push(key); } return seen;`,
  requireFs: `return require('fs').readFileSync('/etc/passwd', 'utf8');`,
  importFs: `const fs = await import('fs'); return typeof fs;`,
  pollute: `(Object.prototype as any).polluted = 1; (Array.prototype as any).evil = () => 1; JSON.parse = () => ({ hacked: true }); return { clean: true, ['__proto__']: { injected: true } };`,
  spin: `while (true) {}`,
  spinLater: `await ctx.sleep(5); for (;;) {}`,
  hang: `await new Promise(() => {});`,
  recurse: `const deep = (n: number): number => deep(n + 1) + 1; return deep(0);`,
  longString: `let s = 'x'; while (true) s = s + s; return s.length;`,
  hugeString: `return 'x'.repeat(2 ** 27).split('').length;`,
  hugeArray: `return new Array(2 ** 26).fill(0).length;`,
  hugeOutput: `return 'x'.repeat(10 * 1024 * 1024);`,
  throwNumber: `throw 42;`,
  throwObject: `throw { a: 1 };`,
  throwError: `throw new TypeError('bad input');`,
  bigint: `return { n: BigInt(1) };`,
  ok: `return 'still works';`,
  waitForAbort: `await ctx.sleep(10000); return 'too late';`,
});

let turn: SandboxTurn;
beforeAll(async () => {
  await prewarmSandboxPool();
  turn = await openTurn({ source: ABUSE });
});
afterAll(() => turn.dispose());

async function run(name: string, timeoutMs = 2000) {
  const result = await toolNamed(turn, name).execute({}, contextFor(`call_${name}`, [], { timeoutMs }));
  // Whatever happened, the turn's next call still works.
  expect(await toolNamed(turn, 'ok').execute({}, contextFor('after'))).toEqual({ ok: true, value: { content: 'still works' } });
  return result;
}

describe('sandbox isolation and limits', () => {
  it('exposes no host globals, also not through Function or constructor walks', async () => {
    expect(await run('probe')).toEqual({ ok: true, value: { content: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined'] } });
    expect(await run('walk')).toEqual({ ok: true, value: { content: [] } });
  });

  it('refuses require and dynamic import of anything', async () => {
    // `require` in a module is the sandbox's own, which knows only 'zod' and 'playground'.
    expect(await run('requireFs')).toEqual({ ok: false, error: { code: 'threw', message: "Cannot import 'fs': tool modules can import only 'zod' and 'playground'." } });
    expect(await run('importFs')).toEqual({ ok: false, error: { code: 'threw', message: "Cannot import 'fs': tool modules can import only 'zod' and 'playground'." } });
  });

  it('keeps prototype pollution inside the sandbox', async () => {
    const result = await run('pollute');
    expect(result).toEqual({ ok: true, value: { content: { clean: true, ['__proto__']: { injected: true } } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).evil).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'injected')).toBe(false);
  });

  it('times out CPU loops, synchronous or after an await, and promises that never settle', async () => {
    expect(await run('spin', 200)).toEqual({ ok: false, error: { code: 'timeout', message: 'The tool exceeded its 200 ms deadline while running.' } });
    expect(await run('spinLater', 200)).toEqual({ ok: false, error: { code: 'timeout', message: 'The tool exceeded its 200 ms deadline while running.' } });
    expect(await run('hang', 200)).toEqual({ ok: false, error: { code: 'timeout', message: 'The tool did not finish within 200 ms.' } });
  });

  it('lets a hung call fail alone while a parallel call finishes', async () => {
    const [hung, fine] = await Promise.all([
      toolNamed(turn, 'hang').execute({}, contextFor('h', [], { timeoutMs: 150 })),
      toolNamed(turn, 'ok').execute({}, contextFor('o')),
    ]);
    expect(hung.ok ? 'ok' : hung.error.code).toBe('timeout');
    expect(fine).toEqual({ ok: true, value: { content: 'still works' } });
  });

  it('reports deep recursion, memory exhaustion and oversized output as limit-exceeded', async () => {
    expect(await run('recurse')).toEqual({ ok: false, error: { code: 'limit-exceeded', message: 'Maximum call stack size exceeded: is there unbounded recursion?' } });
    expect(await run('longString')).toEqual({ ok: false, error: { code: 'limit-exceeded', message: 'The tool built a string longer than the sandbox allows.' } });
    expect(await run('hugeString')).toEqual({ ok: false, error: { code: 'limit-exceeded', message: 'The tool exceeded the sandbox memory limit of 64 MB.' } });
    expect(await run('hugeArray')).toEqual({ ok: false, error: { code: 'limit-exceeded', message: 'The tool exceeded the sandbox memory limit of 64 MB.' } });
    const output = await run('hugeOutput');
    expect(output.ok ? 'ok' : output.error).toEqual({ code: 'limit-exceeded', message: expect.stringMatching(/^The output is \d+ characters as JSON; the limit is 1048576 \(1 MB\)\.$/) });
  });

  it('reports thrown non-Error values and errors clearly', async () => {
    expect(await run('throwNumber')).toEqual({ ok: false, error: { code: 'threw', message: 'Threw a non-Error value: 42' } });
    expect(await run('throwObject')).toEqual({ ok: false, error: { code: 'threw', message: 'Threw a non-Error value: {"a":1}' } });
    expect(await run('throwError')).toEqual({ ok: false, error: { code: 'threw', message: 'TypeError: bad input' } });
    expect(await run('bigint')).toEqual({ ok: false, error: { code: 'output-invalid', message: expect.stringContaining('The output is not JSON-serializable') } });
  });

  it('ends a call when its signal aborts and tells the sandbox', async () => {
    const controller = new AbortController();
    const pending = toolNamed(turn, 'waitForAbort').execute({}, contextFor('a', [], { signal: controller.signal }));
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'aborted', message: 'The call was aborted.' } });
    const aborted = new AbortController();
    aborted.abort();
    expect(await toolNamed(turn, 'ok').execute({}, contextFor('b', [], { signal: aborted.signal }))).toEqual({
      ok: false,
      error: { code: 'aborted', message: 'The call was aborted before it started.' },
    });
  });
});
