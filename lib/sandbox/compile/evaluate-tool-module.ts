// Server-only: evaluates a user module inside a sandbox context and reports its tools.
import { z } from 'zod';
import {
  checkToolConfig,
  findDuplicateToolNames,
  PLAIN_TOOL_OPTIONS,
  type PlainToolOption,
  type ToolConfigShape,
  describeToolMetadata,
  isPlainObject,
  type JsonSchema,
  err,
  ok,
  type Result,
  attachDefinitions,
  checkJsonSchema,
} from '@/lib/runtime';
import { type CompiledModule, type Diagnostic, type ToolSpec, moduleEvaluationBudgetMs, SANDBOX_LIMITS } from '@/lib/contract';
import { reportProgress } from './report-progress';
import type { SandboxContext } from '../quickjs/sandbox-context';
import { SANDBOX_PATTERNS } from './sandbox-tool';
import type { SourcePosition } from './source-map';
import type { TranspiledModule } from './transpile-module';

/** Which activity labels a tool defines (as functions, when its module was evaluated): the others are never asked for. */
export type ActivityHooks = { describeActivity: boolean; describeCompletedActivity: boolean };

/** A usable tool: its spec plus what the host needs to drive it inside the context. */
export type EvaluatedTool = { index: number; spec: ToolSpec; outputJsonSchema?: JsonSchema; activityHooks: ActivityHooks };

export type EvaluatedModule = { compiled: CompiledModule; tools: EvaluatedTool[] };

const jsonValue = z.json();
const located = z.object({ message: z.string(), stack: z.string() });
const primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const toolDescription = z.object({
  index: z.number().int(),
  stack: z.string(),
  /** The plain options as written, each a JSON primitive. */
  options: z.object(Object.fromEntries(PLAIN_TOOL_OPTIONS.map((option) => [option, primitive.optional()])) as Record<PlainToolOption, z.ZodOptional<typeof primitive>>),
  hasSchema: z.boolean(),
  hasJsonSchema: z.boolean(),
  parameters: z.record(z.string(), jsonValue).optional(),
  /** Which of the module's shared `definitions` objects the tool names, if any. */
  definitionsIndex: z.number().int().nonnegative().optional(),
  executeKind: z.enum(['function', 'missing', 'invalid']),
  needsApproval: primitive.optional(),
  /** The tags as written: a list of primitives, or the one value written instead of a list. */
  tags: z.union([primitive, z.array(primitive)]).optional(),
  hasOutputSchema: z.boolean(),
  hasDescribeActivity: z.boolean(),
  hasDescribeCompletedActivity: z.boolean(),
  outputJsonSchema: z.record(z.string(), jsonValue).optional(),
  /** A Zod output schema converted to JSON Schema, when Zod can represent it. */
  outputParameters: z.record(z.string(), jsonValue).optional(),
  problems: z.array(z.string()),
});
/** The prelude's answer is parsed like any untrusted input: user code shares its realm. */
const evaluationResult = z.object({
  tools: z.array(toolDescription),
  problems: z.array(located),
  thrown: located.nullable(),
  exportProblem: z.string().nullable(),
  /** Each distinct `definitions` object once, however many tools share it. */
  definitions: z.array(jsonValue).optional(),
});
type ToolDescription = z.infer<typeof toolDescription>;

/**
 * Evaluates the transpiled `source` in `context` (deadline set by the context's bindings), then
 * checks every tool. A broken tool becomes diagnostics at its `defineTool(` call and is left out;
 * the others still compile. Callers transpile first (`transpileModule`), so a syntax error never
 * costs a pooled context.
 */
export function evaluateToolModule(context: SandboxContext, source: string, transpiled: TranspiledModule): EvaluatedModule {
  const locate = createLocator(source, transpiled);
  const evaluated = context.evaluateModule(transpiled.code);
  if (!evaluated.ok) {
    const { kind, message, stack } = evaluated.error;
    if (kind === 'interrupted') {
      // QuickJS attributes an interrupted loop to the last call before it, which would mislead.
      return failed([{ message: `Module evaluation exceeded ${moduleEvaluationBudgetMs(source.length)} ms: is there an endless loop at the top level?`, line: 1, column: 1, severity: 'error' }]);
    }
    return failed([{ message, ...locate(stack), severity: 'error' }]);
  }
  if (evaluated.value.length > SANDBOX_LIMITS.describedModuleBytes) {
    const megabytes = (evaluated.value.length / 2 ** 20).toFixed(1);
    return failed([{ message: `The module's tools and schemas come to ${megabytes} MB as JSON; the limit is ${SANDBOX_LIMITS.describedModuleBytes / 2 ** 20} MB.`, line: 1, column: 1, severity: 'error' }]);
  }
  reportProgress();
  const description: unknown = JSON.parse(evaluated.value);
  if (!evaluationResult.safeParse(description).success) return failed([{ message: 'The sandbox returned an unreadable module description.', line: 1, column: 1, severity: 'error' }]);
  // The checked JSON.parse result, not Zod's rebuilt copy: a "__proto__" key stays an own property.
  const result = description as z.infer<typeof evaluationResult>;
  if (result.tools.length > SANDBOX_LIMITS.toolsPerModule) {
    return failed([{ message: `The module defines ${result.tools.length} tools; the limit is ${SANDBOX_LIMITS.toolsPerModule}.`, ...findExportDefault(source), severity: 'error' }]);
  }
  const diagnostics: Diagnostic[] = result.problems.map(({ message, stack }) => ({ message, ...locate(stack), severity: 'error' }));
  if (result.thrown) {
    diagnostics.push({ message: `Module evaluation threw: ${result.thrown.message}`, ...locate(result.thrown.stack), severity: 'error' });
    return failed(diagnostics);
  }
  if (result.exportProblem) {
    diagnostics.push({ message: result.exportProblem, ...findExportDefault(source), severity: 'error' });
    return failed(diagnostics);
  }
  const entries: { tool: EvaluatedTool; position: SourcePosition }[] = [];
  const lines = source.split('\n');
  for (const description of result.tools) {
    reportProgress();
    const position = locateDefineTool(lines, locate(description.stack));
    const definitions = description.definitionsIndex === undefined ? undefined : result.definitions?.[description.definitionsIndex];
    const config = toConfig(description, definitions);
    const parameters = resolveParameters(description, config);
    const problems = parameters.ok ? checkDescription(description, config, parameters.value) : [parameters.error];
    if (problems.length > 0 || !parameters.ok) {
      diagnostics.push(...problems.map((message) => ({ message, ...position, severity: 'error' as const })));
      continue;
    }
    if (config.namespaceDescription !== undefined && config.namespace === undefined) {
      diagnostics.push({ message: `Tool ${String(config.name)} sets namespaceDescription without a namespace; it is ignored.`, ...position, severity: 'warning' });
    }
    const spec = { ...describeToolMetadata(config, parameters.value ?? {}), line: position.line };
    const activityHooks = { describeActivity: description.hasDescribeActivity, describeCompletedActivity: description.hasDescribeCompletedActivity };
    entries.push({ tool: { index: description.index, spec, outputJsonSchema: description.outputJsonSchema, activityHooks }, position });
  }
  const tools = dropDuplicates(entries, diagnostics);
  return { compiled: { tools: tools.map((tool) => tool.spec), diagnostics }, tools };
}

function failed(diagnostics: Diagnostic[]): EvaluatedModule {
  return { compiled: { tools: [], diagnostics }, tools: [] };
}

/** The plain view `defineTool` builds in the host realm, from what the prelude reported. */
function toConfig(description: ToolDescription, definitions: unknown): ToolConfigShape {
  const outputParameters = description.outputJsonSchema ?? description.outputParameters;
  return {
    ...description.options,
    hasSchema: description.hasSchema,
    hasJsonSchema: description.hasJsonSchema,
    parameters: description.parameters,
    ...(definitions !== undefined ? { definitions } : {}),
    needsApproval: description.needsApproval,
    ...(description.tags !== undefined ? { tags: description.tags } : {}),
    hasOutputSchema: description.hasOutputSchema,
    ...(outputParameters ? { outputParameters } : {}),
    execute: description.executeKind,
  };
}

/** The parameter schema with the shared definitions it reaches; a clash is the tool's problem. */
function resolveParameters(description: ToolDescription, config: ToolConfigShape): Result<JsonSchema | undefined, string> {
  const { parameters } = description;
  if (!parameters || !description.hasJsonSchema || description.hasSchema || !isPlainObject(config.definitions)) return ok(parameters);
  const attached = attachDefinitions(parameters, config.definitions as Record<string, JsonSchema | boolean>);
  return attached.ok ? attached : err(`Tool ${String(config.name)}: ${attached.error}`);
}

function checkDescription(description: ToolDescription, config: ToolConfigShape, parameters: JsonSchema | undefined): string[] {
  const name = String(config.name);
  const problems = [...description.problems, ...checkToolConfig(config).map((problem) => problem.message)];
  for (const schema of [parameters, description.outputJsonSchema, description.outputParameters]) {
    if (!schema) continue;
    const bytes = JSON.stringify(schema).length;
    if (bytes > SANDBOX_LIMITS.schemaBytesPerTool) {
      problems.push(`Tool ${name}: its schema is ${Math.round(bytes / 1024)} KB as JSON; the limit is ${SANDBOX_LIMITS.schemaBytesPerTool / 1024} KB.`);
      continue;
    }
    if ((schema === parameters && !description.hasJsonSchema) || schema === description.outputParameters) continue;
    const checked = checkJsonSchema(schema, { patterns: SANDBOX_PATTERNS });
    if (!checked.ok) problems.push(`Tool ${name}: ${checked.error}`);
  }
  return problems;
}

/** Keeps the first tool of each qualified name; reports the later ones into `diagnostics`. */
function dropDuplicates(entries: { tool: EvaluatedTool; position: SourcePosition }[], diagnostics: Diagnostic[]): EvaluatedTool[] {
  const duplicates = new Set(findDuplicateToolNames(entries.map(({ tool }) => tool.spec)));
  const firstLine = new Map<string, number>();
  const kept: EvaluatedTool[] = [];
  for (const { tool, position } of entries) {
    const key = tool.spec.namespace ? `${tool.spec.namespace}.${tool.spec.name}` : tool.spec.name;
    const first = firstLine.get(key);
    if (duplicates.has(key) && first !== undefined) {
      diagnostics.push({ message: `Duplicate tool name "${key}": already defined at line ${first}. Tool names must be unique within a namespace.`, ...position, severity: 'error' });
      continue;
    }
    firstLine.set(key, tool.spec.line);
    kept.push(tool);
  }
  return kept;
}

/** Maps the first frame of a QuickJS stack that lies in the user's module back to the TypeScript source. */
function createLocator(source: string, transpiled: TranspiledModule): (stack: string) => SourcePosition {
  const lineCount = source.split('\n').length;
  return (stack) => {
    const frame = /tools\.js:(\d+):(\d+)/.exec(stack);
    if (!frame) return { line: 1, column: 1 };
    // The wrapper puts one line before the module text.
    const generated = { line: Number(frame[1]) - 1, column: Number(frame[2]) };
    if (generated.line < 1) return { line: 1, column: 1 };
    const position = transpiled.mapPosition(generated);
    return { line: Math.min(position.line, lineCount), column: position.column };
  };
}

/** QuickJS points at the call's parenthesis; the editor should underline `defineTool` itself. */
function locateDefineTool(lines: readonly string[], position: SourcePosition): SourcePosition {
  const text = lines[position.line - 1] ?? '';
  const start = text.lastIndexOf('defineTool', Math.max(0, position.column - 1));
  return start >= 0 ? { line: position.line, column: start + 1 } : position;
}

function findExportDefault(source: string): SourcePosition {
  const lines = source.split('\n');
  const index = lines.findIndex((line) => /\bexport\s+default\b/.test(line));
  return index >= 0 ? { line: index + 1, column: (lines[index]?.search(/\bexport\b/) ?? 0) + 1 } : { line: 1, column: 1 };
}
