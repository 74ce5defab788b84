import {
  checkStrictSchema,
  type StrictReport,
  decidePermission,
  type PermissionDecision,
  type JsonSchema,
  permissionModeSchema,
  type PermissionMode,
  strictifySchema,
  isDroppingChange,
  effectiveExecutionMode,
  qualifiedToolName,
  riskOf,
  type ExecutionMode,
  type Risk,
} from '@/lib/runtime';
import type { Diagnostic, ToolSpec } from './compiled-module';

/**
 * How OpenAI strict mode takes the authored schema: `accepted` as written, `strictified` (rejected
 * as written, but the converted schema is sent), or `rejected` (it cannot be converted).
 */
export type StrictCheck = 'accepted' | 'strictified' | 'rejected';

/** What a tool's row shows at a glance, and what filtering reads. Every verdict comes from the runtime's own functions. */
export type CompiledToolSummary = {
  /** The tool's position in the module's export: what its detail is fetched by. */
  index: number;
  name: string;
  namespace?: string;
  /** The tool's `tags` in the order written; empty when it has none. */
  tags: string[];
  qualifiedName: string;
  description: string;
  deferLoading: boolean;
  executionMode: ExecutionMode;
  risk: Risk;
  needsApproval: boolean | 'dynamic';
  strict: boolean;
  strictCheck: StrictCheck;
  /**
   * Of a strictified schema's changes, how many remove a keyword the model then no longer sees
   * (a format, a bound, a default: still validated, but no longer a hint); 0 when only routine
   * conversions (objects closed, optional fields made nullable) were needed.
   */
  strictDropped: number;
  schemaSource: 'zod' | 'json-schema';
  /** False for a tool defined without execute: its calls are always answered by hand. */
  hasExecute: boolean;
  line: number;
  gate: Record<PermissionMode, PermissionDecision>;
};

/** The heavy part of a tool's view, shown when its row opens: the schemas and the strict findings. */
export type CompiledToolDetail = {
  jsonSchema: JsonSchema;
  sentSchema: JsonSchema;
  strictReport: StrictReport;
  strictified: null | { schema: JsonSchema; changes: { pointer: string; change: string }[] };
};

/** One tool with its detail loaded: what the open row, Try, the matrix and the exporters read. */
export type CompiledToolView = CompiledToolSummary & CompiledToolDetail;

/**
 * A compile as the worker answers it: every tool's summary as data, and its detail already
 * rendered as JSON text, so the HTTP thread never serializes a 1,000-tool catalog's schemas; it
 * sends the texts inline for a small module and one by one when rows open for a large one.
 */
export type CompileAnswer = { tools: CompiledToolSummary[]; detailTexts: string[]; diagnostics: Diagnostic[] };

export function describeCompiledTools(tools: readonly ToolSpec[]): CompiledToolView[] {
  return tools.map((spec, index) => {
    const strictReport = checkStrictSchema(spec.parameters);
    const strictifiedOutcome = !strictReport.ok ? strictifySchema(spec.parameters) : undefined;
    const strictified = strictifiedOutcome?.ok ? { schema: strictifiedOutcome.schema, changes: strictifiedOutcome.changes } : null;
    const qualifiedName = qualifiedToolName(spec);
    const risk = riskOf(spec);
    const gate = Object.fromEntries(
      permissionModeSchema.options.map((mode) => [mode, decidePermission({ qualifiedName, risk, needsApproval: spec.needsApproval }, { mode })]),
    ) as Record<PermissionMode, PermissionDecision>;
    return {
      index,
      name: spec.name,
      namespace: spec.namespace,
      tags: spec.tags ?? [],
      qualifiedName,
      description: spec.description,
      deferLoading: spec.deferLoading,
      executionMode: effectiveExecutionMode(spec),
      risk,
      needsApproval: spec.needsApproval,
      strict: spec.strict,
      strictCheck: strictReport.ok ? 'accepted' : strictified ? 'strictified' : 'rejected',
      strictDropped: strictified?.changes.filter(isDroppingChange).length ?? 0,
      schemaSource: spec.schemaSource,
      hasExecute: spec.hasExecute,
      line: spec.line,
      gate,
      jsonSchema: spec.parameters,
      sentSchema: spec.strict && strictified ? strictified.schema : spec.parameters,
      strictReport,
      strictified,
    };
  });
}

/** The worker's answer for a compile: summaries as data, details as JSON text. */
export function describeCompileAnswer(tools: readonly ToolSpec[], diagnostics: Diagnostic[]): CompileAnswer {
  const views = describeCompiledTools(tools);
  return {
    tools: views.map(summarizeToolView),
    detailTexts: views.map(({ jsonSchema, sentSchema, strictReport, strictified }) => JSON.stringify({ jsonSchema, sentSchema, strictReport, strictified })),
    diagnostics,
  };
}

function summarizeToolView(view: CompiledToolView): CompiledToolSummary {
  const { jsonSchema: _jsonSchema, sentSchema: _sentSchema, strictReport: _strictReport, strictified: _strictified, ...summary } = view;
  return summary;
}
