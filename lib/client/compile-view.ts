import type { PermissionMode } from '@/lib/runtime/runtime-event';

/** One problem the compiler found in the tool module, at a 1-based line and column. */
export type CompileDiagnostic = {
  message: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
};

/** One strict-mode rule a schema breaks, located by JSON pointer. */
export type StrictViolation = { pointer: string; rule: string; message: string };

/** What the permission gate would decide for a call of this tool under one mode. */
export type GatePreview = { decision: 'allow' | 'ask' | 'deny'; reason: string };

/** A compiled tool as `POST /api/tools/compile` describes it. */
export type CompiledToolView = {
  name: string;
  namespace?: string;
  qualifiedName: string;
  description: string;
  deferLoading: boolean;
  executionMode: 'parallel' | 'sequential';
  risk: 'read' | 'write' | 'destructive';
  needsApproval: boolean | 'dynamic';
  strict: boolean;
  schemaSource: 'zod' | 'json-schema';
  line: number;
  /** The parameter schema as authored (or converted from Zod). */
  jsonSchema: object;
  /** Exactly what is sent to the model. */
  sentSchema: object;
  strictReport: { ok: boolean; violations: StrictViolation[] };
  /** Present when the authored schema was not strict-valid but could be fixed; then it is what is sent. */
  strictified: null | { schema: object; changes: { pointer: string; change: string }[] };
  gate: Record<PermissionMode, GatePreview>;
};

/** The body of a 200 answer from `POST /api/tools/compile`. */
export type CompileResponse = { tools: CompiledToolView[]; diagnostics: CompileDiagnostic[] };

export function hasCompileErrors(response: CompileResponse): boolean {
  return response.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
