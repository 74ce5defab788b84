// Server-only: compiles a tool module in a sandbox worker; answers are cached by source hash.
import { createHash } from 'node:crypto';
import type { CompileResponse } from '@/lib/client/compile-view';
import { ok, type Result } from '@/lib/runtime/result';
import { SANDBOX_LIMITS } from '../sandbox-limits';
import type { PoolFailure, SandboxPool } from './sandbox-pool';

const MAX_CACHED_MODULES = 200;
/** esbuild, evaluation (1 s of CPU at most) and the schema checks; past this something is wrong. */
const COMPILE_TIMEOUT_MS = 20_000;
const cache = new Map<string, Promise<Result<CompileResponse, PoolFailure>>>();

/**
 * The schema panel's answer for a module. A module that wedges its worker (code that cannot be
 * interrupted) is reported as a diagnostic, like any other module error; only a full pool is an
 * error (`busy`, answered 503 by the route).
 */
export function compileInPool(pool: SandboxPool, source: string): Promise<Result<CompileResponse, PoolFailure>> {
  const key = createHash('sha256').update(source).digest('hex');
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiling = pool.run<'compile'>({ kind: 'compile', source }, { timeoutMs: COMPILE_TIMEOUT_MS }).then((answer) => {
    if (answer.ok || answer.error.code === 'busy') return answer;
    return ok(failedCompile(answer.error));
  });
  cache.set(key, compiling);
  if (cache.size > MAX_CACHED_MODULES) cache.delete(cache.keys().next().value as string);
  // Only real answers are worth keeping: a busy pool may have room a moment later.
  void compiling.then((answer) => {
    if (!answer.ok) cache.delete(key);
  });
  return compiling;
}

function failedCompile(failure: PoolFailure): CompileResponse {
  const message =
    failure.code === 'worker-lost'
      ? `Compiling this module ran past the sandbox's CPU budget (${SANDBOX_LIMITS.cpuBudgetMs} ms) in code that could not be interrupted, so its worker was replaced. Is something at the top level endless or huge?`
      : `Compiling this module failed: ${failure.message}`;
  return { tools: [], diagnostics: [{ message, line: 1, column: 1, severity: 'error' }] };
}
