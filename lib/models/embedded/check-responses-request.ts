import {
  checkStrictSchema,
  TOOL_NAME_PATTERN,
  isPlainObject,
  type JsonValue,
  type ConversationItem,
  type OfferedFunction,
  type OfferedTool,
  err,
  ok,
  type Result,
  fromResponsesItem,
  type RequestToolChoice,
} from '@/lib/runtime';
import type { EmbeddedRequest } from './embedded-model';

/** An error body in OpenAI's shape, with the HTTP status it is served with. */
export type ProviderErrorReply = {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
};

/**
 * Checks a Responses request body the way OpenAI does before any model runs: the shape of
 * input and tools, function names, and strict parameter schemas (answered with OpenAI's 400).
 */
export function checkResponsesRequest(body: unknown): Result<EmbeddedRequest, ProviderErrorReply> {
  if (!isPlainObject(body)) return err(invalidRequest('The request body must be a JSON object.', null, null));
  const input = readInput(body.input);
  if (!input.ok) return input;
  const tools = readTools(body.tools);
  if (!tools.ok) return tools;
  const toolChoice = readToolChoice(body.tool_choice, tools.value);
  if (!toolChoice.ok) return toolChoice;
  return ok({
    ...(typeof body.instructions === 'string' ? { instructions: body.instructions } : {}),
    input: input.value,
    tools: tools.value,
    parallelToolCalls: body.parallel_tool_calls !== false,
    ...(toolChoice.value !== undefined ? { toolChoice: toolChoice.value } : {}),
    ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}),
    ...(typeof body.max_output_tokens === 'number' ? { maxOutputTokens: body.max_output_tokens } : {}),
  });
}

/** `tool_choice` as OpenAI checks it: one of the three words, or a function that `tools` offers. */
function readToolChoice(raw: unknown, tools: readonly OfferedTool[]): Result<RequestToolChoice | undefined, ProviderErrorReply> {
  if (raw === undefined || raw === null) return ok(undefined);
  if (raw === 'auto' || raw === 'required' || raw === 'none') return ok(raw);
  if (!isPlainObject(raw) || raw.type !== 'function' || typeof raw.name !== 'string') {
    return err(invalidRequest("Invalid value for 'tool_choice': expected 'auto', 'required', 'none' or a function.", 'tool_choice', 'invalid_value'));
  }
  const name = raw.name;
  if (tools.some((tool) => tool.type === 'function' && tool.name === name)) return ok({ name });
  for (const tool of tools) {
    if (tool.type === 'namespace' && tool.tools.some((fn) => fn.name === name)) return ok({ name, namespace: tool.name });
  }
  return err(invalidRequest(`Tool choice '${name}' not found in 'tools' parameter.`, 'tool_choice', 'invalid_value'));
}

/** OpenAI's `invalid_request_error` body. */
export function invalidRequest(message: string, param: string | null, code: string | null): ProviderErrorReply {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

function readInput(raw: unknown): Result<ConversationItem[], ProviderErrorReply> {
  if (typeof raw === 'string') return ok([{ type: 'message', role: 'user', content: raw }]);
  if (!Array.isArray(raw)) return err(invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter'));
  const items: ConversationItem[] = [];
  for (const [index, item] of raw.entries()) {
    const converted = fromResponsesItem(item, `input[${index}]`);
    if (!converted.ok) return err(invalidRequest(`Invalid '${`input[${index}]`}': ${converted.error}`, `input[${index}]`, 'invalid_value'));
    items.push(converted.value);
  }
  return ok(items);
}

function readTools(raw: unknown): Result<OfferedTool[], ProviderErrorReply> {
  if (raw === undefined || raw === null) return ok([]);
  if (!Array.isArray(raw)) return err(invalidRequest("Invalid type for 'tools': expected an array.", 'tools', 'invalid_type'));
  const tools: OfferedTool[] = [];
  for (const [index, tool] of raw.entries()) {
    const param = `tools[${index}]`;
    if (!isPlainObject(tool)) return err(invalidRequest(`Invalid '${param}': expected an object.`, param, 'invalid_type'));
    if (tool.type === 'function') {
      const checked = checkFunction(tool, param);
      if (!checked.ok) return checked;
      tools.push(checked.value);
    } else if (tool.type === 'namespace') {
      const namespace = checkNamespace(tool, param);
      if (!namespace.ok) return namespace;
      tools.push(namespace.value);
    } else if (tool.type === 'tool_search') {
      tools.push(tool as OfferedTool);
    }
  }
  return ok(tools);
}

function checkNamespace(tool: Record<string, unknown>, param: string): Result<OfferedTool, ProviderErrorReply> {
  const name = checkName(tool.name, `${param}.name`);
  if (!name.ok) return name;
  if (!Array.isArray(tool.tools)) return err(invalidRequest(`Missing required parameter: '${param}.tools'.`, `${param}.tools`, 'missing_required_parameter'));
  const functions: OfferedFunction[] = [];
  for (const [index, inner] of tool.tools.entries()) {
    if (!isPlainObject(inner) || inner.type !== 'function') continue;
    const checked = checkFunction(inner, `${param}.tools[${index}]`);
    if (!checked.ok) return checked;
    functions.push(checked.value);
  }
  return ok({ type: 'namespace', name: name.value, description: String(tool.description ?? ''), tools: functions });
}

function checkFunction(tool: Record<string, unknown>, param: string): Result<OfferedFunction, ProviderErrorReply> {
  const name = checkName(tool.name, `${param}.name`);
  if (!name.ok) return name;
  const parameters = isPlainObject(tool.parameters) ? (tool.parameters as { [key: string]: JsonValue }) : {};
  const strict = tool.strict !== false;
  // An empty schema is how a parameterless function is offered; OpenAI accepts it in strict mode.
  if (strict && Object.keys(parameters).length > 0) {
    const report = checkStrictSchema(parameters);
    const first = report.violations[0];
    if (!report.ok && first) {
      return err(
        invalidRequest(`Invalid schema for function '${name.value}': ${first.message}`, `${param}.parameters`, 'invalid_function_parameters'),
      );
    }
  }
  return ok({
    type: 'function',
    name: name.value,
    description: typeof tool.description === 'string' ? tool.description : '',
    parameters,
    strict,
    ...(tool.defer_loading === true ? { defer_loading: true } : {}),
  });
}

function checkName(raw: unknown, param: string): Result<string, ProviderErrorReply> {
  if (typeof raw !== 'string') return err(invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter'));
  if (!TOOL_NAME_PATTERN.test(raw)) {
    return err(
      invalidRequest(
        `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        param,
        'invalid_value',
      ),
    );
  }
  return ok(raw);
}
