// Server-only: compiles user tool modules in the QuickJS sandbox.
import { type CompiledModule, type Diagnostic, moduleEvaluationBudgetMs } from '@/lib/contract';
import { createSourceCache } from './create-source-cache';
import { acquireSandboxContext, recycleSandboxContext, trackSandboxSetUp } from '../quickjs/context-pool';
import { createInertBindings } from '../quickjs/sandbox-context';
import { evaluateToolModule } from './evaluate-tool-module';
import { transpileModuleCached } from './transpile-module-cached';

/** Bounded by tools too: a worker keeps a few 1,000-tool catalogs, not 200 of them. */
const cache = createSourceCache<CompiledModule>({ maxEntries: 200, maxWeight: 5_000, weigh: (compiled) => compiled.tools.length });

/**
 * The tool specs and diagnostics of a module: evaluated in a fresh, pre-warmed QuickJS context
 * whose instance is reset to the snapshot afterwards, off the answer's path. Results are
 * cached by source. Never rejects for bad user code.
 */
export function compileToolModule(source: string): Promise<CompiledModule> {
  return cache.getOrCreate(source, () => compileUncached(source));
}

async function compileUncached(source: string): Promise<CompiledModule> {
  // Counted as work in flight from the start: a pool refill must not run in the esbuild await.
  trackSandboxSetUp(1);
  try {
    const transpiled = await transpileModuleCached(source);
    if (!transpiled.ok) return { tools: [], diagnostics: sortDiagnostics(transpiled.error) };
    const context = await acquireSandboxContext();
    try {
      context.bind(createCompileBindings(moduleEvaluationBudgetMs(source.length)));
      const { compiled } = evaluateToolModule(context, source, transpiled.value);
      return { tools: compiled.tools, diagnostics: sortDiagnostics(compiled.diagnostics) };
    } finally {
      recycleSandboxContext(context);
    }
  } finally {
    trackSandboxSetUp(-1);
  }
}

/** Compiling runs no tool, so only the deadline matters; it starts when evaluation starts. */
function createCompileBindings(budgetMs: number) {
  return createInertBindings(() => ({ cpuEndsAt: Date.now() + budgetMs, wallEndsAt: Number.POSITIVE_INFINITY }));
}

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
}
