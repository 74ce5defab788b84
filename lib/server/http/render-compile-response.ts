// Server-only: the compile routes' JSON bodies, assembled from the worker's pre-rendered details.
import type { CompiledModuleAnswer } from '@/lib/sandbox/pool';
import type { CompileAnswer } from '@/lib/contract';

/**
 * Up to this many characters of detail text a compile answer carries every tool's detail inline
 * (every preset and ordinary module); past it (an imported catalog) rows fetch theirs when opened.
 */
export const INLINE_DETAIL_CHARS = 256_000;

const rendered = new WeakMap<CompileAnswer, string>();

/** The body of `POST /api/tools/compile`: `{ moduleKey, tools, diagnostics, details }`, `details` null when fetched on demand. */
export function renderCompileResponse({ moduleKey, answer }: CompiledModuleAnswer): string {
  const cached = rendered.get(answer);
  if (cached !== undefined) return cached;
  const inline = countChars(answer.detailTexts) <= INLINE_DETAIL_CHARS;
  const head = JSON.stringify({ moduleKey, tools: answer.tools, diagnostics: answer.diagnostics });
  // Each detail text is a JSON value already: spliced in, never parsed and serialized again.
  const body = `${head.slice(0, -1)},"details":${inline ? `[${answer.detailTexts.join(',')}]` : 'null'}}`;
  rendered.set(answer, body);
  return body;
}

/** The body of `POST /api/tools/compile/details`: `{ indexes, details }`, `details[i]` the detail of tool `indexes[i]` (each in range). */
export function renderToolDetails(answer: CompileAnswer, indexes: readonly number[]): string {
  return `{"indexes":${JSON.stringify(indexes)},"details":[${indexes.map((index) => answer.detailTexts[index]).join(',')}]}`;
}

function countChars(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + text.length, 0);
}
