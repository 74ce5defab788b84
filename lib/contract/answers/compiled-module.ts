import type { ToolMetadata } from '@/lib/runtime';

/** A problem in the user's module, positioned in the TypeScript source the user typed (1-based). */
export type Diagnostic = {
  message: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
};

/** The plain-data description of one compiled tool: everything but its behaviour. */
export type ToolSpec = ToolMetadata & {
  /** The line of the tool's `defineTool(` call. */
  line: number;
};

/** What compiling a module yields: the tools that are usable and every problem found. */
export type CompiledModule = { tools: ToolSpec[]; diagnostics: Diagnostic[] };

export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
