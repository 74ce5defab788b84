import type { CompileDiagnostic, CompiledToolSummary } from './compile-view';
import { hasCompileErrors } from './compile-view';
import type { CompileState } from './compile-slice';

/** What the schema panel shows, derived from the compile state alone. */
export type SchemaView = {
  tools: CompiledToolSummary[];
  /** The compile `tools` come from, which their details are fetched by; null when there are none. */
  moduleKey: string | null;
  /** True when `tools` come from an earlier good compile because the newest one failed. */
  showingLastGood: boolean;
  diagnostics: CompileDiagnostic[];
  /** The compile request itself failed (network, server error), as opposed to a diagnostic. */
  failure: string | null;
  /** Nothing compiled yet. */
  empty: boolean;
};

export function selectSchemaView(compile: CompileState): SchemaView {
  const { latest, lastGood } = compile;
  if (latest === null) {
    return { tools: [], moduleKey: null, showingLastGood: false, diagnostics: [], failure: null, empty: true };
  }
  if (latest.kind === 'failed') {
    return { tools: lastGood?.tools ?? [], moduleKey: lastGood?.moduleKey ?? null, showingLastGood: lastGood !== null, diagnostics: [], failure: latest.message, empty: false };
  }
  const { response } = latest;
  if (!hasCompileErrors(response)) {
    return { tools: response.tools, moduleKey: response.moduleKey, showingLastGood: false, diagnostics: response.diagnostics, failure: null, empty: false };
  }
  return {
    tools: lastGood?.tools ?? response.tools,
    moduleKey: lastGood?.moduleKey ?? response.moduleKey,
    showingLastGood: lastGood !== null,
    diagnostics: response.diagnostics,
    failure: null,
    empty: false,
  };
}

const NO_DIAGNOSTICS: CompileDiagnostic[] = [];

/**
 * The diagnostics to mark in the editor: those of the newest compile, kept while the user types
 * (Monaco moves markers with edits) until the next compile replaces them.
 */
export function selectEditorDiagnostics(compile: CompileState): CompileDiagnostic[] {
  const { latest } = compile;
  return latest?.kind === 'compiled' ? latest.response.diagnostics : NO_DIAGNOSTICS;
}
