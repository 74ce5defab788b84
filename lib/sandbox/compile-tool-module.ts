// Server-only: compiles user tool modules in the QuickJS sandbox.
import { createHash } from 'node:crypto';
import type { CompiledModule, Diagnostic } from './compiled-module';
import { acquireSandboxContext } from './context-pool';
import { createInertBindings } from './sandbox-context';
import { evaluateToolModule, MODULE_EVALUATION_LIMIT_MS } from './evaluate-tool-module';

const MAX_CACHED_MODULES = 200;
const cache = new Map<string, Promise<CompiledModule>>();

/**
 * The tool specs and diagnostics of a module: evaluated in a fresh, pre-warmed QuickJS context
 * that is disposed afterwards. Results are cached by the SHA-256 of the source, so re-rendering
 * the schema preview for unchanged text costs nothing. Never rejects for bad user code.
 */
export function compileToolModule(source: string): Promise<CompiledModule> {
  const key = hashSource(source);
  const cached = cache.get(key);
  if (cached) {
    // Refresh the entry's position so the cache evicts the least recently used module.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiling = compileUncached(source);
  cache.set(key, compiling);
  if (cache.size > MAX_CACHED_MODULES) cache.delete(cache.keys().next().value as string);
  compiling.catch(() => cache.delete(key));
  return compiling;
}

export function hashSource(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

async function compileUncached(source: string): Promise<CompiledModule> {
  const context = await acquireSandboxContext();
  try {
    context.bind(compileBindings);
    const { compiled } = await evaluateToolModule(context, source);
    return { tools: compiled.tools, diagnostics: sortDiagnostics(compiled.diagnostics) };
  } finally {
    context.dispose();
  }
}

/** Compiling runs no tool, so only the deadline matters; it starts when evaluation starts. */
const compileBindings = createInertBindings(() => Date.now() + MODULE_EVALUATION_LIMIT_MS);

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
}
