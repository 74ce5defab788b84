// Server-only: compiles a tool module in a sandbox worker; answers are cached by source hash.
import type { CompileResponse } from '@/lib/client/compile-view';
import { ok, type Result } from '@/lib/runtime/result';
import { createSourceCache } from '../create-source-cache';
import { SANDBOX_LIMITS } from '../sandbox-limits';
import type { PoolFailure, SandboxPool } from './sandbox-pool';

/** esbuild, evaluation (1 s of CPU at most) and the schema checks; past this something is wrong. */
const COMPILE_TIMEOUT_MS = 20_000;
/** Only real answers are kept: a busy pool may have room a moment later. */
const cache = createSourceCache<Result<CompileResponse, PoolFailure>>({ maxEntries: 200, keep: (answer) => answer.ok });

/**
 * The schema panel's answer for a module. A module that wedges its worker (code that cannot be
 * interrupted) is reported as a diagnostic, like any other module error; only a full pool is an
 * error (`busy`, answered 503 by the route).
 */
export function compileInPool(pool: SandboxPool, source: string): Promise<Result<CompileResponse, PoolFailure>> {
  return cache.getOrCreate(source, async () => {
    const answer = await pool.run<'compile'>({ kind: 'compile', source }, { timeoutMs: COMPILE_TIMEOUT_MS });
    return answer.ok || answer.error.code === 'busy' ? answer : ok(failedCompile(answer.error));
  });
}

function failedCompile(failure: PoolFailure): CompileResponse {
  const message =
    failure.code === 'worker-lost'
      ? `Compiling this module ran past the sandbox's CPU budget (${SANDBOX_LIMITS.cpuBudgetMs} ms) in code that could not be interrupted, so its worker was replaced. Is something at the top level endless or huge?`
      : `Compiling this module failed: ${failure.message}`;
  return { tools: [], diagnostics: [{ message, line: 1, column: 1, severity: 'error' }] };
}
