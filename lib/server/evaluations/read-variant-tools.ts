// Server-only: each variant's tools for a Promptfoo export, compiled in the sandbox pool.
import type { CompiledToolView } from '@/lib/contract';
import { toInteropTool, type PromptfooVariantTools } from '@/lib/interop';
import { compileInPool, getSandboxPool } from '@/lib/sandbox/pool';

/** The schemas one export may inline across its variants; past it a variant's tools are left out, with the reason. */
export const PROMPTFOO_TOOLS_CHARS = 2_000_000;

/**
 * Compiles each variant's module in the sandbox pool (answers are cached by source, so a module the
 * page compiled is not compiled again) and reads its tools as the exporters do.
 */
export async function readVariantTools(sources: readonly string[]): Promise<PromptfooVariantTools[]> {
  let chars = 0;
  const read: PromptfooVariantTools[] = [];
  for (const source of sources) {
    const compiled = await compileInPool(getSandboxPool(), source);
    if (!compiled.ok) {
      read.push({ kind: 'unavailable', reason: `the sandbox was busy (${compiled.error.message}); export again in a moment.` });
      continue;
    }
    const { tools, detailTexts, diagnostics } = compiled.value.answer;
    const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    if (tools.length === 0 && error) {
      read.push({ kind: 'unavailable', reason: `its module does not compile (line ${error.line}: ${error.message}).` });
      continue;
    }
    chars += detailTexts.reduce((sum, text) => sum + text.length, 0);
    if (chars > PROMPTFOO_TOOLS_CHARS) {
      read.push({ kind: 'unavailable', reason: `its tools' schemas pass ${PROMPTFOO_TOOLS_CHARS / 1_000_000} MB together with the other variants', more than one exported file carries.` });
      continue;
    }
    // Written by the sandbox worker as each tool's detail (`describeCompileAnswer`).
    const views = tools.map((summary, index) => ({ ...summary, ...(JSON.parse(detailTexts[index] ?? '{}') as Pick<CompiledToolView, 'jsonSchema' | 'sentSchema' | 'strictReport' | 'strictified'>) }));
    read.push({ kind: 'tools', tools: views.map(toInteropTool) });
  }
  return read;
}
