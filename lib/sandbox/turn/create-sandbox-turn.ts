// Server-only: one agent turn's QuickJS context, its tools, timers and virtual files.
import type { Result, Tool } from '@/lib/runtime';
import { hasErrors, type Diagnostic, moduleEvaluationBudgetMs } from '@/lib/contract';
import { sortDiagnostics } from '../compile/compile-tool-module';
import { acquireSandboxContext, trackSandboxSetUp } from '../quickjs/context-pool';
import { evaluateToolModule, type ActivityHooks } from '../compile/evaluate-tool-module';
import { createSandboxTool } from '../compile/sandbox-tool';
import { transpileModuleCached } from '../compile/transpile-module-cached';
import { createTurnEngine } from './create-turn-engine';

export type SandboxTurnOptions = {
  source: string;
  /** The virtual file store's initial content, path → text. */
  files?: Record<string, string>;
  /** Seeds `Math.random` inside the sandbox. */
  seed?: number;
  /** What `Date.now()` returns inside the sandbox before any sleep. */
  clockStart?: number;
};

/** The tools of one turn, all sharing one fresh QuickJS context; dispose when the turn ends. */
export type SandboxTurn = {
  tools: Tool[];
  /** Per tool, in `tools` order: which activity labels it defines (a caller across a thread skips asking for the others). */
  activityHooks: ActivityHooks[];
  /** The virtual file store as the turn's tools left it. */
  files(): Record<string, string>;
  /** Grows whenever a tool changes the file store, so a copy elsewhere knows when to refresh. */
  filesVersion(): number;
  dispose(): void;
};

export type SandboxTurnError = { message: string; diagnostics: Diagnostic[] };

/**
 * Evaluates the module in a fresh pre-warmed context and returns its tools. A module with any
 * error diagnostic is refused as a whole: a turn never runs with tools silently missing.
 */
export async function createSandboxTurn(options: SandboxTurnOptions): Promise<Result<SandboxTurn, SandboxTurnError>> {
  // Set-up counts as work in flight so a pool refill never lands in the esbuild await.
  trackSandboxSetUp(1);
  try {
    return await setUpSandboxTurn(options);
  } finally {
    trackSandboxSetUp(-1);
  }
}

async function setUpSandboxTurn(options: SandboxTurnOptions): Promise<Result<SandboxTurn, SandboxTurnError>> {
  const transpiled = await transpileModuleCached(options.source);
  if (!transpiled.ok) return { ok: false, error: describeErrors(transpiled.error) };
  const vm = await acquireSandboxContext();
  const engine = createTurnEngine(vm, options.files ?? {}, moduleEvaluationBudgetMs(options.source.length));
  const configured = engine.callHook('configure', [options.seed ?? 0, options.clockStart ?? 0]);
  if (!configured.ok) {
    engine.dispose();
    return { ok: false, error: { message: `The sandbox could not start: ${configured.error.message}`, diagnostics: [] } };
  }
  const evaluated = evaluateToolModule(vm, options.source, transpiled.value);
  engine.finishEvaluation();
  const { diagnostics } = evaluated.compiled;
  if (hasErrors(diagnostics)) {
    engine.dispose();
    return { ok: false, error: describeErrors(diagnostics) };
  }
  return {
    ok: true,
    value: {
      tools: evaluated.tools.map((tool) => createSandboxTool(tool, engine)),
      activityHooks: evaluated.tools.map((tool) => tool.activityHooks),
      files: engine.snapshotFiles,
      filesVersion: engine.filesVersion,
      dispose: engine.dispose,
    },
  };
}

function describeErrors(diagnostics: Diagnostic[]): SandboxTurnError {
  const count = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return { message: `The tool module has ${count} error${count === 1 ? '' : 's'}; fix ${count === 1 ? 'it' : 'them'} to run a turn.`, diagnostics: sortDiagnostics(diagnostics) };
}
