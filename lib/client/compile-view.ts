// The answer of `POST /api/tools/compile`, typed from the server's own definitions (types only).
import type { StrictViolation } from '@/lib/runtime/strict/check-strict-schema';
import type { PermissionDecision } from '@/lib/runtime/loop/decide-permission';
import type { Diagnostic } from '@/lib/sandbox/compiled-module';
import type { CompiledToolView } from '@/lib/server/describe-compiled-tools';

export type { CompiledToolView, StrictViolation };
export type CompileDiagnostic = Diagnostic;
/** What the permission gate would decide for a call of this tool under one mode. */
export type GatePreview = PermissionDecision;

/** The body of a 200 answer from `POST /api/tools/compile`. */
export type CompileResponse = { tools: CompiledToolView[]; diagnostics: CompileDiagnostic[] };

export function hasCompileErrors(response: CompileResponse): boolean {
  return response.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
