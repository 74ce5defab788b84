// The answer of `POST /api/tools/compile`, typed from the server's own definitions (types only).
import type { StrictViolation, PermissionDecision } from '@/lib/runtime';
import type { Diagnostic, CompiledToolDetail, CompiledToolSummary, CompiledToolView, StrictCheck } from '@/lib/contract';

export type { CompiledToolDetail, CompiledToolSummary, CompiledToolView, StrictCheck, StrictViolation };
export type CompileDiagnostic = Diagnostic;
/** What the permission gate would decide for a call of this tool under one mode. */
export type GatePreview = PermissionDecision;

/**
 * The body of a 200 answer from `POST /api/tools/compile`. `details` holds every tool's detail
 * (in `tools` order) for an ordinary module; for a large one it is null and a row's detail is
 * fetched from `POST /api/tools/compile/details` by `moduleKey` and the tool's `index`.
 */
export type CompileResponse = {
  moduleKey: string;
  tools: CompiledToolSummary[];
  details: CompiledToolDetail[] | null;
  diagnostics: CompileDiagnostic[];
};

/** The body of a 200 answer from `POST /api/tools/compile/details`: `details[i]` belongs to tool `indexes[i]`. */
export type ToolDetailsResponse = { indexes: number[]; details: CompiledToolDetail[] };

export function hasCompileErrors(response: CompileResponse): boolean {
  return response.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
