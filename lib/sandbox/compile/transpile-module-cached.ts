// Server-only: esbuild's answer for a source, once per worker while it stays in the cache.
import type { Result } from '@/lib/runtime';
import type { Diagnostic } from '@/lib/contract';
import { createSourceCache } from './create-source-cache';
import { transpileModule, type TranspiledModule } from './transpile-module';

/**
 * Compiles (the schema panel) and every turn of a conversation transpile the same source, so the
 * answer is kept by source hash: a turn of an unchanged module skips esbuild. Bounded by count and
 * by the characters of code held (a catalog module transpiles to about 2 M).
 */
const cache = createSourceCache<Result<TranspiledModule, Diagnostic[]>>({
  maxEntries: 200,
  maxWeight: 40_000_000,
  weigh: (answer) => (answer.ok ? answer.value.code.length : 0),
});

export function transpileModuleCached(source: string): Promise<Result<TranspiledModule, Diagnostic[]>> {
  return cache.getOrCreate(source, () => transpileModule(source));
}
