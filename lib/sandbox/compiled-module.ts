import type { JsonSchema } from '@/lib/runtime/json';
import type { ExecutionMode } from '@/lib/runtime/tool';

/** A problem in the user's module, positioned in the TypeScript source the user typed (1-based). */
export type Diagnostic = {
  message: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
};

/** The plain-data description of one compiled tool: everything but its behaviour. */
export type ToolSpec = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  description: string;
  /** Converted inside the sandbox with `z.toJSONSchema`, or the `jsonSchema` verbatim. */
  parameters: JsonSchema;
  schemaSource: 'zod' | 'json-schema';
  strict: boolean;
  deferLoading: boolean;
  executionMode?: ExecutionMode;
  isReadOnly: boolean;
  isDestructive: boolean;
  needsApproval: boolean | 'dynamic';
  timeoutMs?: number;
  hasOutputSchema: boolean;
  /** The line of the tool's `defineTool(` call. */
  line: number;
};

/** What compiling a module yields: the tools that are usable and every problem found. */
export type CompiledModule = { tools: ToolSpec[]; diagnostics: Diagnostic[] };

export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
