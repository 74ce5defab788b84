// Server-only: one server tool as the runtime's executable contract; its calls go to the server (or its recording).
import { describeOutputMismatch, err, ok, type AskPerson, type JsonSchema, type JsonValue, type Result, type Tool, type ToolContext, type ToolReturn, type ToolLogLevel, type ValidationIssue } from '@/lib/runtime';
import { MCP_LIMITS, type McpProgress, type ToolSpec } from '@/lib/contract';
import { convertCallResult, type McpCallResult } from '../convert-call-result';

/** Checks a value against a visitor's (or a server's) JSON Schema off the HTTP thread: the issues, none when it matches. */
export type ValidateJson = (schema: JsonSchema, value: JsonValue) => Promise<ValidationIssue[]>;

/** One `tools/call`: the result, or the sentence it failed with. Live it reaches the server; on replay the recording answers. */
export type CallServerTool = (
  call: { tool: string; arguments: JsonValue },
  options: {
    signal: AbortSignal;
    timeoutMs: number;
    onProgress: (progress: McpProgress) => void;
    /** A line on the call's log (a refused server request, say). */
    log: (level: ToolLogLevel, message: string) => void;
    /** Asks a person what the server asks during the call; absent when nobody can answer. */
    ask?: AskPerson;
  },
) => Promise<Result<McpCallResult, string>>;

/** What the tools of one server share in a turn: how to call it, the validator, and the turn's count of calls. */
export type McpToolServer = {
  name: string;
  callTool: CallServerTool;
  validate: ValidateJson;
  /** Calls made so far in the turn, across this turn's servers. */
  calls: { count: number };
};

export type CreateMcpToolOptions = {
  spec: ToolSpec;
  /** The name `tools/call` sends (the spec's is made namespace-safe). */
  serverToolName: string;
  title?: string;
  server: McpToolServer;
};

/**
 * Arguments are validated against the server's `inputSchema` in the worker pool; a call goes out
 * with the call's signal (Stop and the wall deadline cancel it on the server); progress
 * notifications become log lines; the result becomes the model-visible output as the MCP spec
 * asks, and `structuredContent` is checked against `outputSchema` in the pool too.
 */
export function createMcpTool(options: CreateMcpToolOptions): Tool {
  const { spec, server } = options;
  const { line: _line, ...metadata } = spec;
  return {
    ...metadata,
    mcpServer: server.name,
    async validateArguments(args) {
      const value = (args ?? {}) as JsonValue;
      const issues = await server.validate(spec.parameters, value);
      return issues.length === 0 ? ok(value) : err(issues);
    },
    evaluateNeedsApproval: async () => spec.needsApproval === true,
    describeActivity: async () => (options.title ? `${options.title} (${server.name})` : undefined),
    describeCompletedActivity: async () => undefined,
    execute: (args, context) => callServerTool(options, args, context),
    validateOutput: async (value) => (spec.outputParameters ? server.validate(spec.outputParameters, value) : []),
  };
}

async function callServerTool(options: CreateMcpToolOptions, args: JsonValue, context: ToolContext) {
  const { server, spec } = options;
  if (server.calls.count >= MCP_LIMITS.callsPerTurn) {
    return err({ code: 'limit-exceeded' as const, message: `This turn already made ${MCP_LIMITS.callsPerTurn} MCP server calls, the most one turn may make.` });
  }
  server.calls.count += 1;
  const called = await server.callTool(
    { tool: options.serverToolName, arguments: args ?? {} },
    {
      signal: context.signal,
      timeoutMs: context.timeoutMs,
      onProgress: (progress) => {
        const total = progress.total === undefined ? '' : `/${progress.total}`;
        context.log('info', `progress ${progress.progress}${total}${progress.message ? `: ${progress.message}` : ''}`);
      },
      log: context.log,
      ...(context.ask ? { ask: context.ask } : {}),
    },
  );
  if (!called.ok) {
    if (context.signal.aborted) return err({ code: 'aborted' as const, message: 'The call was stopped; the server was told to cancel it.' });
    return err({ code: 'threw' as const, message: called.error });
  }
  const result = called.value;
  const converted = convertCallResult(result);
  if (!converted.ok) return converted;
  const outputChars = measureOutput(converted.value);
  if (outputChars > MCP_LIMITS.outputBytes) {
    return err({ code: 'limit-exceeded' as const, message: `${spec.namespace}.${spec.name} answered ${outputChars} characters of output; a tool's output may be at most ${MCP_LIMITS.outputBytes}.` });
  }
  if (!spec.outputParameters) return converted;
  if (result.structuredContent === undefined) {
    return err({ code: 'output-invalid' as const, message: `${spec.namespace}.${spec.name} declares an output schema but the server sent no structuredContent.` });
  }
  const issues = await server.validate(spec.outputParameters, result.structuredContent as JsonValue);
  return issues.length === 0 ? converted : err({ code: 'output-invalid' as const, message: describeOutputMismatch(issues) });
}

/** What the model and the timeline would get, in characters of JSON (a text output as its own length). */
function measureOutput(output: ToolReturn): number {
  const content = typeof output.content === 'string' ? output.content.length : JSON.stringify(output.content).length;
  return content + (output.details === undefined ? 0 : JSON.stringify(output.details).length);
}
