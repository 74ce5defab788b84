// Server-only: compiles a tool module in a sandbox worker; answers are cached by source hash.
import { ok, type Result } from '@/lib/runtime';
import { type CompileAnswer, SANDBOX_LIMITS, processSingleton } from '@/lib/contract';
import { createSourceCache, sourceKey } from '../compile/create-source-cache';
import { moduleWorkLimits } from './module-work-limits';
import type { SandboxPool } from './sandbox-pool';
import type { PoolFailure } from './worker-slot';

/** What the cached answers may hold together, in characters of detail text (a 1,223-tool catalog is about 6 M). */
export const COMPILE_CACHE_MAX_CHARS = 96_000_000;
/** A rough size of one tool's summary, so that answers without details still count. */
const SUMMARY_CHARS = 600;

/** A compile's answer and the key its details are fetched by (the source's SHA-256). */
export type CompiledModuleAnswer = { moduleKey: string; answer: CompileAnswer };

type CompileCache = ReturnType<typeof createCompileCache>;

/** Only real answers are kept: a busy pool may have room a moment later. */
function createCompileCache() {
  return createSourceCache<Result<CompileAnswer, PoolFailure>>({
    maxEntries: 200,
    keep: (answer) => answer.ok,
    maxWeight: COMPILE_CACHE_MAX_CHARS,
    weigh: (answer) => (answer.ok ? answer.value.tools.length * SUMMARY_CHARS + answer.value.detailTexts.reduce((sum, text) => sum + text.length, 0) : 0),
  });
}

/** The process's one cache: a compile the direct route answered must be found by Next's details route. */
const getCompileCache: () => CompileCache = processSingleton('compile-cache', createCompileCache);

/**
 * The schema panel's answer for a module. A module that wedges its worker (code that cannot be
 * interrupted) is reported as a diagnostic, like any other module error; only a full pool is an
 * error (`busy`, answered 503 by the route).
 */
export async function compileInPool(pool: SandboxPool, source: string): Promise<Result<CompiledModuleAnswer, PoolFailure>> {
  const answer = await getCompileCache().getOrCreate(source, async () => {
    const compiled = await pool.run<'compile'>({ kind: 'compile', source }, moduleWorkLimits(source));
    return compiled.ok || compiled.error.code === 'busy' ? compiled : ok(failedCompile(compiled.error));
  });
  return answer.ok ? ok({ moduleKey: sourceKey(source), answer: answer.value }) : answer;
}

/** The cached answer of an earlier compile, by its `moduleKey`; undefined once it was evicted. */
export function peekCompiledModule(moduleKey: string): CompileAnswer | undefined {
  const cached = getCompileCache().peek(moduleKey);
  return cached?.ok ? cached.value : undefined;
}

function failedCompile(failure: PoolFailure): CompileAnswer {
  const message =
    failure.code === 'worker-lost'
      ? `Compiling this module ran past the sandbox's CPU budget (${SANDBOX_LIMITS.cpuBudgetMs} ms) in code that could not be interrupted, so its worker was replaced. Is something at the top level endless or huge?`
      : `Compiling this module failed: ${failure.message}`;
  return { tools: [], detailTexts: [], diagnostics: [{ message, line: 1, column: 1, severity: 'error' }] };
}
