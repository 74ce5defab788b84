import type { SentParameters } from './resolve-sent-parameters';
import type { JsonSchema, JsonValue } from '../vocabulary/json';
import type { Result } from '../vocabulary/result';
import type { ValidationIssue } from '../vocabulary/issues';
import type { ExecutionMode, Risk, ToolLogLevel } from '../vocabulary/modes';
import type { AskPerson } from '../elicitation/elicitation';

/** What a tool's `execute` receives besides its arguments. */
export type ToolContext = {
  callId: string;
  signal: AbortSignal;
  /** The effective per-call deadline; CPU-bound implementations (the sandbox) enforce it themselves. */
  timeoutMs: number;
  log: (level: ToolLogLevel, message: string) => void;
  /**
   * Asks a person a question on the call's behalf (an MCP server's elicitation) and resolves
   * with their reply; the call's deadline stops while they answer. Absent when nobody can answer.
   */
  ask?: AskPerson;
};

/** Why an execution produced no usable output. */
export type ToolFailure = {
  code: 'threw' | 'output-invalid' | 'timeout' | 'aborted' | 'limit-exceeded';
  message: string;
};

/** The structured form a tool may return instead of a bare string or JSON value. */
export type ToolReturn = { content: JsonValue; details?: JsonValue; endTurn?: boolean };

/** Everything about a tool that is plain data: what the model is offered and how the runtime treats it. */
export type ToolMetadata = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  /**
   * Labels for people, in the order written (an OpenAPI operation's tags, say): the schema
   * panel filters by them. Never sent to the model and not read by Tool Search. Absent when none.
   */
  tags?: string[];
  description: string;
  /** The parameter schema as authored (Zod converted with `z.toJSONSchema`, or the JSON Schema verbatim). */
  parameters: JsonSchema;
  /** Which validator checks arguments: Zod for `schema`, Ajv for `jsonSchema`. */
  schemaSource: 'zod' | 'json-schema';
  strict: boolean;
  deferLoading: boolean;
  /** Unset means: parallel when read-only, otherwise sequential. */
  executionMode?: ExecutionMode;
  isReadOnly: boolean;
  isDestructive: boolean;
  /** `'dynamic'` when approval depends on the arguments (`needsApproval` is a function). */
  needsApproval: boolean | 'dynamic';
  timeoutMs?: number;
  hasOutputSchema: boolean;
  /** False for a tool defined without `execute`: every call of it is answered by a person. */
  hasExecute: boolean;
  /**
   * The output schema as JSON Schema (Zod converted with the input schemas' options, or the JSON
   * Schema verbatim), to prefill and describe a hand-typed output. Absent without an output schema
   * or when Zod cannot represent it.
   */
  outputParameters?: JsonSchema;
  /**
   * The parameters as they will be sent (see `resolveSentParameters`), when the host worked them
   * out off the turn's thread: a server's schemas are a stranger's input. Absent for most tools.
   */
  sentParameters?: SentParameters;
  /** The MCP server (its name in the request) whose tool this is; absent for the module's and built-in tools. */
  mcpServer?: string;
};

/**
 * The executable contract the runtime drives. `defineTool` builds one in the host realm;
 * the sandbox builds one whose methods call into QuickJS. Every method may be async so that
 * either can implement it.
 */
export type Tool = ToolMetadata & {
  validateArguments(args: unknown): Promise<Result<JsonValue, ValidationIssue[]>>;
  /** Evaluated only when `needsApproval` is `'dynamic'`. */
  evaluateNeedsApproval(args: JsonValue): Promise<boolean>;
  describeActivity(args: JsonValue): Promise<string | undefined>;
  describeCompletedActivity(args: JsonValue, output: JsonValue): Promise<string | undefined>;
  /**
   * Runs the tool and checks its output schema. Failures are values; a throw is still caught
   * by the executor and reported as `threw`.
   */
  execute(args: JsonValue, context: ToolContext): Promise<Result<ToolReturn, ToolFailure>>;
  /**
   * Checks a value against the output schema with the validator `execute`'s output goes through
   * (for sandbox tools, inside the sandbox); empty when it matches or there is no output schema.
   */
  validateOutput(value: JsonValue): Promise<ValidationIssue[]>;
};

/** The name a call uses: `namespace.name` inside a namespace, else `name`. */
export function qualifiedToolName(tool: Pick<Tool, 'name' | 'namespace'>): string {
  return tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name;
}

export function riskOf(tool: Pick<Tool, 'isReadOnly' | 'isDestructive'>): Risk {
  if (tool.isDestructive) return 'destructive';
  if (tool.isReadOnly) return 'read';
  return 'write';
}

export function effectiveExecutionMode(tool: Pick<Tool, 'executionMode' | 'isReadOnly'>): ExecutionMode {
  return tool.executionMode ?? (tool.isReadOnly ? 'parallel' : 'sequential');
}
