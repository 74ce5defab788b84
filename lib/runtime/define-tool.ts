import { z } from 'zod';
import { checkToolConfig, classifyExecute } from './check-tool-config';
import { isPlainObject, type JsonSchema, type JsonValue } from './json';
import { err, ok, type Result } from './result';
import type { ExecutionMode, Tool, ToolContext, ToolFailure, ToolReturn, ValidationIssue } from './tool';
import { createJsonSchemaValidator, type JsonSchemaValidator } from './validate-json-schema';
import { describeZodIssues } from './validate-zod';

type ToolOptionsBase<Args> = {
  name: string;
  description: string;
  strict?: boolean;
  namespace?: string;
  namespaceDescription?: string;
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
  | (ToolOptionsBase<z.output<Schema>> & { schema: Schema; jsonSchema?: never })
  | (ToolOptionsBase<Record<string, JsonValue>> & { jsonSchema: JsonSchema; schema?: never });

/** Thrown by `defineTool` for a misconfigured tool: a programmer error, reported early. */
export class ToolDefinitionError extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'ToolDefinitionError';
  }
}

/**
 * Zod → JSON Schema options, chosen deliberately:
 * - draft-2020-12: what Zod emits natively and what Ajv 2020 and OpenAI accept;
 * - io 'input': the schema describes what the model must SEND (a `.default()` field is optional
 *   in input, not required as in output);
 * - unrepresentable 'throw': a `z.date()` or `z.bigint()` cannot be sent honestly, so say so.
 */
export const ZOD_TO_JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' } as const;

export function convertZodSchema(schema: z.ZodType): Result<JsonSchema, string> {
  try {
    return ok(z.toJSONSchema(schema, ZOD_TO_JSON_SCHEMA_OPTIONS) as JsonSchema);
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}

/** Builds a runtime `Tool` in the host realm; throws `ToolDefinitionError` on misconfiguration. */
export function defineTool<Schema extends z.ZodType>(options: DefineToolOptions<Schema>): Tool {
  const hasSchema = options.schema !== undefined;
  const conversion = hasSchema ? convertZodSchema(options.schema as z.ZodType) : undefined;
  if (conversion && !conversion.ok) {
    throw new ToolDefinitionError([{ field: 'schema', message: `Tool ${options.name}: ${conversion.error}` }]);
  }
  const parameters = conversion?.ok ? conversion.value : options.jsonSchema;
  const problems = checkToolConfig({
    name: options.name,
    description: options.description,
    hasSchema,
    hasJsonSchema: options.jsonSchema !== undefined,
    parameters,
    namespace: options.namespace,
    executionMode: options.executionMode,
    timeoutMs: options.timeoutMs,
    execute: classifyExecute(options.execute),
  });
  if (problems.length > 0 || parameters === undefined) throw new ToolDefinitionError(problems);

  const validateArgs = createArgumentValidator(options.schema as z.ZodType | undefined, parameters);
  const validateOutput = createOutputValidator(options.name, options.outputSchema);
  const outputParameters = describeOutputSchema(options.outputSchema);
  const asArgs = (args: JsonValue) => args as never;
  const { execute } = options;

  return {
    name: options.name,
    namespace: options.namespace,
    namespaceDescription: options.namespaceDescription,
    description: options.description,
    parameters,
    schemaSource: hasSchema ? 'zod' : 'json-schema',
    strict: options.strict ?? true,
    deferLoading: options.deferLoading ?? false,
    executionMode: options.executionMode,
    isReadOnly: options.isReadOnly ?? false,
    isDestructive: options.isDestructive ?? false,
    needsApproval: typeof options.needsApproval === 'function' ? 'dynamic' : (options.needsApproval ?? false),
    timeoutMs: options.timeoutMs,
    hasOutputSchema: options.outputSchema !== undefined,
    hasExecute: execute !== undefined,
    ...(outputParameters ? { outputParameters } : {}),
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
      if (issues.length > 0) {
        return err<ToolFailure>({ code: 'output-invalid', message: `Output does not match the output schema: ${formatIssues(issues)}` });
      }
      return returned;
    },
  };
}

function createArgumentValidator(schema: z.ZodType | undefined, parameters: JsonSchema) {
  if (schema) {
    return (args: unknown): Result<JsonValue, ValidationIssue[]> => {
      const parsed = schema.safeParse(args);
      return parsed.success ? ok(parsed.data as JsonValue) : err(describeZodIssues(parsed.error.issues));
    };
  }
  const compiled = createJsonSchemaValidator(parameters);
  if (!compiled.ok) throw new ToolDefinitionError([{ field: 'jsonSchema', message: compiled.message }]);
  return (args: unknown): Result<JsonValue, ValidationIssue[]> => {
    const issues = compiled.validate(args);
    return issues.length === 0 ? ok(args as JsonValue) : err(issues);
  };
}

function createOutputValidator(name: string, outputSchema: z.ZodType | JsonSchema | undefined): JsonSchemaValidator {
  if (outputSchema === undefined) return () => [];
  if (outputSchema instanceof z.ZodType) {
    return (value) => {
      const parsed = outputSchema.safeParse(value);
      return parsed.success ? [] : describeZodIssues(parsed.error.issues);
    };
  }
  const compiled = createJsonSchemaValidator(outputSchema);
  if (!compiled.ok) throw new ToolDefinitionError([{ field: 'outputSchema', message: `Tool ${name}: ${compiled.message}` }]);
  return compiled.validate;
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

export function formatIssues(issues: ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
}
