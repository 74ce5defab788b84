import { checkStrictSchema, type StrictReport } from '@/lib/runtime/strict/check-strict-schema';
import { decidePermission, type PermissionDecision } from '@/lib/runtime/loop/decide-permission';
import type { JsonSchema } from '@/lib/runtime/json';
import { permissionModeSchema, type PermissionMode } from '@/lib/runtime/events/runtime-event';
import { strictifySchema } from '@/lib/runtime/strict/strictify-schema';
import { effectiveExecutionMode, qualifiedToolName, riskOf, type ExecutionMode, type Risk } from '@/lib/runtime/tools/tool';
import type { ToolSpec } from '@/lib/sandbox/compiled-module';

/** One tool as the schema panel shows it. Every verdict comes from the runtime's own functions. */
export type CompiledToolView = {
  name: string;
  namespace?: string;
  qualifiedName: string;
  description: string;
  deferLoading: boolean;
  executionMode: ExecutionMode;
  risk: Risk;
  needsApproval: boolean | 'dynamic';
  strict: boolean;
  schemaSource: 'zod' | 'json-schema';
  /** False for a tool defined without execute: its calls are always answered by hand. */
  hasExecute: boolean;
  line: number;
  jsonSchema: JsonSchema;
  sentSchema: JsonSchema;
  strictReport: StrictReport;
  strictified: null | { schema: JsonSchema; changes: { pointer: string; change: string }[] };
  gate: Record<PermissionMode, PermissionDecision>;
};

export function describeCompiledTools(tools: readonly ToolSpec[]): CompiledToolView[] {
  return tools.map((spec) => {
    const strictReport = checkStrictSchema(spec.parameters);
    const strictifiedOutcome = !strictReport.ok ? strictifySchema(spec.parameters) : undefined;
    const strictified = strictifiedOutcome?.ok ? { schema: strictifiedOutcome.schema, changes: strictifiedOutcome.changes } : null;
    const qualifiedName = qualifiedToolName(spec);
    const risk = riskOf(spec);
    const gate = Object.fromEntries(
      permissionModeSchema.options.map((mode) => [mode, decidePermission({ qualifiedName, risk, needsApproval: spec.needsApproval }, { mode })]),
    ) as Record<PermissionMode, PermissionDecision>;
    return {
      name: spec.name,
      namespace: spec.namespace,
      qualifiedName,
      description: spec.description,
      deferLoading: spec.deferLoading,
      executionMode: effectiveExecutionMode(spec),
      risk,
      needsApproval: spec.needsApproval,
      strict: spec.strict,
      schemaSource: spec.schemaSource,
      hasExecute: spec.hasExecute,
      line: spec.line,
      jsonSchema: spec.parameters,
      sentSchema: spec.strict && strictified ? strictified.schema : spec.parameters,
      strictReport,
      strictified,
      gate,
    };
  });
}
