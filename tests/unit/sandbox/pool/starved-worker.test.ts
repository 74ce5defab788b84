import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { contextFor, moduleOf } from '../sandbox-test-helpers';

/** ~400 ms of CPU in QuickJS on this project's machine (3M rounds take ~90 ms). */
const WORK = moduleOf({ work: `let x = 0; for (let i = 0; i < 13000000; i += 1) x += i % 7; return String(x);` });

const spinners: ChildProcess[] = [];
afterAll(() => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
});

/** Processes at the default priority that keep every core busy (and one more) for up to `ms`. */
function occupyEveryCore(ms: number): void {
  for (let i = 0; i <= availableParallelism(); i += 1) {
    spinners.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end);`], { stdio: 'ignore' }));
  }
}

describe.runIf(existsSync('/proc/thread-self'))('a sandbox worker waiting for a core (Linux)', () => {
  it('charges a call the CPU time it ran, not the time it waited: slow under load, never out of budget', async () => {
    const pool = createSandboxPool({ size: 1 });
    try {
      const turn = await openPooledSandboxTurn(pool, { source: WORK });
      if (!turn.ok) throw new Error(JSON.stringify(turn.error));
      occupyEveryCore(20_000);
      const started = performance.now();
      // The call's wall deadline is the default 30 s: a wall deadline still falls as the clock says.
      const result = await turn.value.tools[0]!.execute({}, contextFor('call_1', [], { timeoutMs: 30_000 }));
      const wallMs = performance.now() - started;
      expect(result).toEqual({ ok: true, value: { content: '38999997' } });
      // It did wait: its lower priority gave the busy processes the cores for longer than the
      // whole CPU budget, which a wall-clock budget would have charged to the call.
      expect(wallMs).toBeGreaterThan(SANDBOX_LIMITS.cpuBudgetMs);
      turn.value.dispose();
    } finally {
      for (const spinner of spinners) spinner.kill('SIGKILL');
      await pool.close();
    }
  }, 60_000);
});
