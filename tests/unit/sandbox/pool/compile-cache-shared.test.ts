import { describe, expect, it, vi } from 'vitest';
import { ok } from '@/lib/runtime';
import type { SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';

/** A pool that answers every compile with one tool, counting how often it was asked. */
function createCountingPool() {
  const pool = {
    runs: 0,
    run: async () => {
      pool.runs += 1;
      return ok({ tools: [{ name: 'lookup' }], detailTexts: ['{"jsonSchema":{}}'], diagnostics: [] });
    },
  };
  return pool;
}

describe('the compile cache', () => {
  it('is one per process: a second copy of the module (as a production build loads for the direct routes) finds the first one’s answers', async () => {
    const pool = createCountingPool();
    const first = await import('@/lib/sandbox/pool/compile-in-pool');
    const source = `// shared cache ${Math.random()}`;
    const compiled = await first.compileInPool(pool as unknown as SandboxPool, source);
    expect(compiled.ok).toBe(true);
    vi.resetModules();
    const second = await import('@/lib/sandbox/pool/compile-in-pool');
    expect(second).not.toBe(first);
    const moduleKey = compiled.ok ? compiled.value.moduleKey : '';
    expect(second.peekCompiledModule(moduleKey)?.tools).toEqual([{ name: 'lookup' }]);
    await second.compileInPool(pool as unknown as SandboxPool, source);
    expect(pool.runs).toBe(1);
  });
});
