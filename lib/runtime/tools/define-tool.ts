import { z } from 'zod';
import { attachDefinitions } from './attach-definitions';
import { checkToolConfig, classifyExecute, PLAIN_TOOL_OPTIONS, type ToolConfigShape } from './check-tool-config';
import { convertZodSchema } from './convert-zod-schema';
import { describeToolMetadata } from './describe-tool-metadata';
import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { err, ok, type Result } from '../vocabulary/result';
import type { Tool, ToolContext, ToolFailure, ToolReturn } from './tool';
import type { ExecutionMode } from '../vocabulary/modes';
import type { ValidationIssue } from '../vocabulary/issues';
import { describeOutputMismatch } from '../validation/format-validation-issues';
import { createJsonSchemaValidator, type JsonSchemaValidator } from '../validation/validate-json-schema';
import { validateWithZod } from '../validation/validate-with-zod';

type ToolOptionsBase<Args> = {
  name: string;
  description: string;
  strict?: boolean;
  namespace?: string;
  namespaceDescription?: string;
  /** Labels for people (the schema panel filters by them); never sent to the model. */
  tags?: string[];
  deferLoading?: boolean;
  executionMode?: ExecutionMode;
  isReadOnly?: boolean;
  isDestructive?: boolean;
  needsApproval?: boolean | ((args: Args) => boolean | Promise<boolean>);
  outputSchema?: z.ZodType | JsonSchema;
  timeoutMs?: number;
  describeActivity?: (args: Args) => string;
  describeCompletedActivity?: (args: Args, output: JsonValue) => string;
  /** Leave it out and every call is answered by a person, who types the output. */
  execute?: (args: Args, context: ToolContext) => unknown;
};

/** Options of `defineTool`: exactly one of `schema` (Zod) or `jsonSchema` (plain JSON Schema). */
export type DefineToolOptions<Schema extends z.ZodType = z.ZodType> =
  | (ToolOptionsBase<z.output<Schema>> & { schema: Schema; jsonSchema?: never; definitions?: never })
  | (ToolOptionsBase<Record<string, JsonValue>> & {
      jsonSchema: JsonSchema;
      /** JSON Schemas shared by several tools: those `jsonSchema` reaches through `#/$defs/<name>` join its `$defs`. */
      definitions?: Record<string, JsonSchema | boolean>;
      schema?: never;
    });

/** Thrown by `defineTool` for a misconfigured tool: a programmer error, reported early. */
export class ToolDefinitionError extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'ToolDefinitionError';
  }
}

/** Builds a runtime `Tool` in the host realm; throws `ToolDefinitionError` on misconfiguration. */
export function defineTool<Schema extends z.ZodType>(options: DefineToolOptions<Schema>): Tool {
  const hasSchema = options.schema !== undefined;
  const conversion = hasSchema ? convertZodSchema(options.schema as z.ZodType) : undefined;
  if (conversion && !conversion.ok) {
    throw new ToolDefinitionError([{ field: 'schema', message: `Tool ${options.name}: ${conversion.error}` }]);
  }
  const written = conversion?.ok ? conversion.value : options.jsonSchema;
  const { definitions } = options;
  const outputParameters = describeOutputSchema(options.outputSchema);
  const config: ToolConfigShape = {
    ...Object.fromEntries(PLAIN_TOOL_OPTIONS.map((option) => [option, options[option]])),
    hasSchema,
    hasJsonSchema: options.jsonSchema !== undefined,
    parameters: written,
    definitions: options.definitions,
    tags: options.tags,
    needsApproval: typeof options.needsApproval === 'function' ? 'dynamic' : options.needsApproval,
    hasOutputSchema: options.outputSchema !== undefined,
    ...(outputParameters ? { outputParameters } : {}),
    execute: classifyExecute(options.execute),
  };
  const problems = checkToolConfig(config);
  if (problems.length > 0 || written === undefined) throw new ToolDefinitionError(problems);
  const attached = definitions ? attachDefinitions(written, definitions) : ok(written);
  if (!attached.ok) throw new ToolDefinitionError([{ field: 'definitions', message: `Tool ${options.name}: ${attached.error}` }]);
  const parameters = attached.value;

  const validateArgs = createArgumentValidator(options.schema as z.ZodType | undefined, parameters);
  const validateOutput = createOutputValidator(options.name, options.outputSchema);
  const asArgs = (args: JsonValue) => args as never;
  const { execute } = options;

  return {
    ...describeToolMetadata(config, parameters),
    validateArguments: async (args) => validateArgs(args),
    evaluateNeedsApproval: async (args) =>
      typeof options.needsApproval === 'function' ? Boolean(await options.needsApproval(asArgs(args))) : Boolean(options.needsApproval),
    describeActivity: async (args) => options.describeActivity?.(asArgs(args)),
    describeCompletedActivity: async (args, output) => options.describeCompletedActivity?.(asArgs(args), output),
    validateOutput: async (value) => validateOutput(value),
    execute: async (args, context) => {
      if (!execute) return err<ToolFailure>({ code: 'threw', message: `${options.name} has no execute: a person answers its calls.` });
      const returned = normalizeToolReturn(await execute(asArgs(args), context));
      if (!returned.ok) return returned;
      const issues = validateOutput(returned.value.content);
      if (issues.length > 0) return err<ToolFailure>({ code: 'output-invalid', message: describeOutputMismatch(issues) });
      return returned;
    },
  };
}

function createArgumentValidator(schema: z.ZodType | undefined, parameters: JsonSchema) {
  if (schema) return (args: unknown) => validateWithZod(schema, args);
  const compiled = createJsonSchemaValidator(parameters);
  if (!compiled.ok) throw new ToolDefinitionError([{ field: 'jsonSchema', message: compiled.error }]);
  return (args: unknown): Result<JsonValue, ValidationIssue[]> => {
    const issues = compiled.value(args);
    return issues.length === 0 ? ok(args as JsonValue) : err(issues);
  };
}

function createOutputValidator(name: string, outputSchema: z.ZodType | JsonSchema | undefined): JsonSchemaValidator {
  if (outputSchema === undefined) return () => [];
  if (outputSchema instanceof z.ZodType) {
    return (value) => {
      const parsed = validateWithZod(outputSchema, value);
      return parsed.ok ? [] : parsed.error;
    };
  }
  const compiled = createJsonSchemaValidator(outputSchema);
  if (!compiled.ok) throw new ToolDefinitionError([{ field: 'outputSchema', message: `Tool ${name}: ${compiled.error}` }]);
  return compiled.value;
}

/** The output schema as JSON Schema for `ToolMetadata.outputParameters`; undefined when Zod cannot represent it. */
function describeOutputSchema(outputSchema: z.ZodType | JsonSchema | undefined): JsonSchema | undefined {
  if (outputSchema === undefined) return undefined;
  if (!(outputSchema instanceof z.ZodType)) return outputSchema;
  const converted = convertZodSchema(outputSchema);
  return converted.ok ? converted.value : undefined;
}

/** A string, a JSON value, or `{ content, details?, endTurn? }` → `ToolReturn`. */
export function normalizeToolReturn(value: unknown): Result<ToolReturn, ToolFailure> {
  if (value === undefined) return ok({ content: null });
  if (isPlainObject(value) && 'content' in value && Object.keys(value).every((key) => ['content', 'details', 'endTurn'].includes(key))) {
    const content = toJsonValue(value.content);
    const details = value.details === undefined ? undefined : toJsonValue(value.details);
    if (!content.ok) return content;
    if (details && !details.ok) return details;
    return ok({ content: content.value, details: details?.value, endTurn: value.endTurn === true ? true : undefined });
  }
  const content = toJsonValue(value);
  return content.ok ? ok({ content: content.value }) : content;
}

function toJsonValue(value: unknown): Result<JsonValue, ToolFailure> {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return err({ code: 'threw', message: `The tool returned a ${typeof value}, which is not JSON.` });
    return ok(JSON.parse(text) as JsonValue);
  } catch (error) {
    return err({ code: 'threw', message: `The tool returned a value that is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
}
