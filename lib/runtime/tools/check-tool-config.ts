import { isPlainObject, type JsonSchema } from '../vocabulary/json';

/** OpenAI's function-name rule: https://platform.openai.com/docs/api-reference/responses/create (tools.function.name). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A misconfiguration found when a tool is defined; `field` names the offending option. */
export type ToolConfigProblem = { field: string; message: string };

/**
 * The options of `defineTool` whose values are plain data (the rest are schemas and functions),
 * read alike in the host realm and, by name, out of the sandbox (the prelude gets this list).
 */
export const PLAIN_TOOL_OPTIONS = [
  'name', 'description', 'strict', 'namespace', 'namespaceDescription', 'deferLoading', 'executionMode', 'isReadOnly', 'isDestructive', 'timeoutMs',
] as const;

export type PlainToolOption = (typeof PLAIN_TOOL_OPTIONS)[number];

/**
 * The plain-data view of a tool definition that can be checked without running it. Both
 * `defineTool` (host realm) and the sandbox's module compiler feed this the same shape; the plain
 * options are as written (not yet checked or defaulted).
 */
export type ToolConfigShape = { [Option in PlainToolOption]?: unknown } & {
  hasSchema: boolean;
  hasJsonSchema: boolean;
  /** The parameter schema as JSON Schema, when it could be produced. */
  parameters?: unknown;
  /** The shared `definitions` option as written (JSON Schemas by name, for `jsonSchema` tools). */
  definitions?: unknown;
  /** `'dynamic'` for a function; otherwise the value as written. */
  needsApproval?: unknown;
  /** The `tags` option as written (a list of labels). */
  tags?: unknown;
  hasOutputSchema: boolean;
  /** The output schema as JSON Schema, when there is one and it could be produced. */
  outputParameters?: JsonSchema;
  /** `missing` is allowed (a person answers every call); anything but a function is not. */
  execute: ExecuteKind;
};

/** What a definition's `execute` field holds. */
export type ExecuteKind = 'function' | 'missing' | 'invalid';

/** Classifies a definition's `execute` field for `ToolConfigShape.execute`. */
export function classifyExecute(execute: unknown): ExecuteKind {
  if (typeof execute === 'function') return 'function';
  return execute === undefined ? 'missing' : 'invalid';
}

/** Every problem with a tool's configuration; empty when it is usable. */
export function checkToolConfig(config: ToolConfigShape): ToolConfigProblem[] {
  const problems: ToolConfigProblem[] = [];
  const { name } = config;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    problems.push({
      field: 'name',
      message: `Tool name ${JSON.stringify(name)} must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, _ and -, at most 64).`,
    });
  }
  if (typeof config.description !== 'string' || config.description.trim() === '') {
    problems.push({ field: 'description', message: `Tool ${String(name)} needs a non-empty description: it is what the model reads.` });
  }
  if (config.hasSchema && config.hasJsonSchema) {
    problems.push({ field: 'schema', message: `Tool ${String(name)} sets both schema and jsonSchema; give exactly one.` });
  } else if (!config.hasSchema && !config.hasJsonSchema) {
    problems.push({ field: 'schema', message: `Tool ${String(name)} needs a parameter schema: set schema (Zod) or jsonSchema.` });
  } else if (config.parameters !== undefined) {
    problems.push(...checkParameterRoot(String(name), config.parameters));
  }
  problems.push(...checkDefinitions(String(name), config));
  if (config.namespace !== undefined && (typeof config.namespace !== 'string' || !TOOL_NAME_PATTERN.test(config.namespace))) {
    problems.push({ field: 'namespace', message: `Namespace ${JSON.stringify(config.namespace)} must match ^[a-zA-Z0-9_-]{1,64}$.` });
  }
  problems.push(...checkTags(String(name), config.tags));
  if (config.executionMode !== undefined && config.executionMode !== 'parallel' && config.executionMode !== 'sequential') {
    problems.push({ field: 'executionMode', message: `executionMode must be "parallel" or "sequential", got ${JSON.stringify(config.executionMode)}.` });
  }
  const { timeoutMs } = config;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > 600_000)) {
    problems.push({ field: 'timeoutMs', message: `timeoutMs must be a number of milliseconds in (0, 600000], got ${JSON.stringify(timeoutMs)}.` });
  }
  if (config.execute === 'invalid') {
    problems.push({
      field: 'execute',
      message: `Tool ${String(name)}: execute must be a function execute(args, ctx); leave it out to answer every call by hand.`,
    });
  }
  return problems;
}

/** At most this many tags per tool, each at most `TAG_MAX_LENGTH` characters. */
export const TAGS_PER_TOOL = 20;
export const TAG_MAX_LENGTH = 100;

function checkTags(name: string, tags: unknown): ToolConfigProblem[] {
  if (tags === undefined) return [];
  const problem = (message: string) => [{ field: 'tags', message: `Tool ${name}: ${message}` }];
  if (!Array.isArray(tags)) return problem('tags must be a list of strings such as ["issues"].');
  if (tags.length > TAGS_PER_TOOL) return problem(`tags may hold at most ${TAGS_PER_TOOL} labels, got ${tags.length}.`);
  const bad = tags.findIndex((tag) => typeof tag !== 'string' || tag.trim() === '' || tag.length > TAG_MAX_LENGTH);
  if (bad === -1) return [];
  return problem(`tags[${bad}] must be a non-empty string of at most ${TAG_MAX_LENGTH} characters, got ${JSON.stringify(tags[bad])}.`);
}

function checkDefinitions(name: string, config: ToolConfigShape): ToolConfigProblem[] {
  const { definitions } = config;
  if (definitions === undefined) return [];
  if (!config.hasJsonSchema) {
    return [{ field: 'definitions', message: `Tool ${name}: definitions go with jsonSchema; a Zod schema carries its own definitions.` }];
  }
  if (!isPlainObject(definitions)) return [{ field: 'definitions', message: `Tool ${name}: definitions must be an object of JSON Schemas by name.` }];
  const bad = Object.entries(definitions).find(([, value]) => !isPlainObject(value) && typeof value !== 'boolean');
  return bad ? [{ field: 'definitions', message: `Tool ${name}: definitions.${bad[0]} must be a JSON Schema (an object or a boolean).` }] : [];
}

function checkParameterRoot(name: string, parameters: unknown): ToolConfigProblem[] {
  if (!isPlainObject(parameters)) {
    return [{ field: 'schema', message: `Tool ${name}: the parameter schema must be a JSON Schema object.` }];
  }
  if (parameters.type === 'object') return [];
  const union = ['anyOf', 'oneOf'].find((key) => key in parameters);
  const detail = union
    ? `it is a union (${union}) at the root; wrap it: z.object({ action: z.discriminatedUnion(...) })`
    : `its root type is ${JSON.stringify(parameters.type ?? 'unspecified')}`;
  return [{ field: 'schema', message: `Tool ${name}: the root of a parameter schema must be type "object", but ${detail}.` }];
}

/** Names that appear more than once within the same namespace. */
export function findDuplicateToolNames(tools: { name: string; namespace?: string }[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const tool of tools) {
    const key = tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name;
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return [...duplicates];
}
