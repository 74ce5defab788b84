import { isPlainObject } from '@/lib/runtime';
import type { OtlpTrace } from './read-otlp-spans';
import { readGenAiInstructions, readGenAiMessages, type GenAiMessage } from './read-gen-ai-messages';
import { readSpanError } from './read-span-error';
import { describeSpan, readArgumentsText, readJsonAttribute, readOutputText, readParameterSchema, readText } from './read-json-attribute';
import type { TraceMessage, TraceModelCall, TraceRun, TraceSpan, TraceTool } from './trace-run';
import { toTraceMessages } from './to-trace-messages';

/** `gen_ai.operation.name` values of a model call. */
const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);
/** Operations that group other spans and hold nothing a session needs. */
const GROUPING_OPERATIONS = new Set(['invoke_agent', 'create_agent', 'invoke_workflow']);

/** Whether a span follows the OpenTelemetry GenAI conventions (it names its operation). */
export function isGenAiSpan(span: TraceSpan): boolean {
  return typeof span.attributes['gen_ai.operation.name'] === 'string';
}

/**
 * A trace in the OpenTelemetry GenAI semantic conventions: each model-call span (`chat`,
 * `text_completion`, `generate_content`) with `gen_ai.input.messages`, `gen_ai.output.messages`,
 * `gen_ai.system_instructions` and `gen_ai.tool.definitions` (or the older per-message span
 * events), and each `execute_tool` span with `gen_ai.tool.name`, `gen_ai.tool.call.id`,
 * `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result` (an error status: the call failed).
 */
export function readGenAiSpans(trace: OtlpTrace): TraceRun {
  const run: TraceRun = { format: 'otel-genai', messages: [], modelCalls: [], results: [], notes: [...trace.notes], start: trace.spans[0]?.start ?? '', traceId: trace.traceId };
  for (const span of trace.spans) {
    const operation = readText(span.attributes['gen_ai.operation.name']);
    if (operation === undefined || GROUPING_OPERATIONS.has(operation)) continue;
    if (MODEL_OPERATIONS.has(operation)) readModelSpan(span, run);
    else if (operation === 'execute_tool') readToolSpan(span, run);
    else run.notes.push({ where: describeSpan(span), reason: `Its operation "${operation}" is not a model call or a tool call; it was not imported.` });
  }
  return run;
}

function readModelSpan(span: TraceSpan, run: TraceRun): void {
  const where = describeSpan(span);
  const attributes = span.attributes;
  const input = readGenAiMessages(attributes['gen_ai.input.messages']) ?? readEventMessages(span, 'input');
  const output = readGenAiMessages(attributes['gen_ai.output.messages']) ?? readEventMessages(span, 'output');
  const messages = input && toTraceMessages(input);
  if (run.modelCalls.length === 0) {
    const instructions = readGenAiInstructions(attributes['gen_ai.system_instructions']);
    run.messages = [...(instructions ? [{ role: 'system', content: instructions } satisfies TraceMessage] : []), ...(messages ?? [])];
    if (input === undefined) run.notes.push({ where, reason: 'No input messages were recorded (gen_ai.input.messages; content capture may have been off): the user message is not known.' });
  }
  for (const message of input ?? []) for (const result of message.results) addResult(run, { ...result, where, name: '', isError: false });
  const model = readText(attributes['gen_ai.response.model']) ?? readText(attributes['gen_ai.request.model']);
  const tools = readToolDefinitions(attributes['gen_ai.tool.definitions']);
  const call: TraceModelCall = { where, ...(model ? { model } : {}), text: '', calls: [], ...(tools ? { tools } : {}), ...(messages ? { input: messages } : {}) };
  if (span.status.code === 2) {
    run.modelCalls.push({ ...call, error: span.status.message ?? 'The model call failed.' });
    return;
  }
  if (output === undefined) {
    run.notes.push({ where, reason: 'No output messages were recorded (gen_ai.output.messages): what the model answered is not known, so this model call was left out.' });
    return;
  }
  const answer = output.filter((message) => message.role === 'assistant' || message.role === 'model');
  run.modelCalls.push({ ...call, text: answer.map((message) => message.text).join(''), calls: answer.flatMap((message) => message.calls) });
}

function readToolSpan(span: TraceSpan, run: TraceRun): void {
  const attributes = span.attributes;
  const where = describeSpan(span);
  const callId = readText(attributes['gen_ai.tool.call.id']);
  const name = readText(attributes['gen_ai.tool.name']) ?? '';
  if (!callId) {
    run.notes.push({ where, reason: 'The tool span has no gen_ai.tool.call.id, so its result cannot be paired with a call; it was not imported.' });
    return;
  }
  const argumentsValue = attributes['gen_ai.tool.call.arguments'];
  const argumentsText = argumentsValue === undefined ? {} : { arguments: readArgumentsText(argumentsValue) };
  const error = readSpanError(span);
  if (error !== undefined) {
    addResult(run, { callId, name, ...argumentsText, output: error, isError: true, where });
    return;
  }
  const result = attributes['gen_ai.tool.call.result'];
  if (result === undefined) {
    run.notes.push({ where, reason: 'No result was recorded (gen_ai.tool.call.result; content capture may have been off).' });
    return;
  }
  addResult(run, { callId, name, ...argumentsText, output: readOutputText(result), isError: false, where });
}

/** A tool span's result wins over the same result read back from a later model call's input. */
export function addResult(run: TraceRun, result: TraceRun['results'][number]): void {
  const index = run.results.findIndex((known) => known.callId === result.callId);
  if (index === -1) run.results.push(result);
  else if (result.name !== '') run.results[index] = result;
}

/** `gen_ai.tool.definitions`: `[{type: 'function', name, description, parameters}]` (or OpenAI's `{function: {...}}`; an MCP tool's `inputSchema` and `annotations`). */
export function readToolDefinitions(value: unknown): TraceTool[] | undefined {
  const parsed = readJsonAttribute(value);
  if (!Array.isArray(parsed)) return undefined;
  return parsed.filter(isPlainObject).flatMap((tool) => {
    const fn = isPlainObject(tool.function) ? tool.function : tool;
    if (typeof fn.name !== 'string') return [];
    const parameters = readParameterSchema(fn.parameters ?? fn.inputSchema ?? fn.input_schema);
    const annotations = isPlainObject(fn.annotations) ? fn.annotations : {};
    const risk = { ...(annotations.readOnlyHint === true ? { isReadOnly: true } : {}), ...(annotations.destructiveHint === true ? { isDestructive: true } : {}) };
    return [{ name: fn.name, description: typeof fn.description === 'string' ? fn.description : '', ...(parameters ? { parameters } : {}), ...risk }];
  });
}

/** The older conventions: one span event per message (`gen_ai.user.message`, …) and `gen_ai.choice` for the answer. */
function readEventMessages(span: TraceSpan, side: 'input' | 'output'): GenAiMessage[] | undefined {
  const events = span.events.filter((event) => (side === 'output' ? event.name === 'gen_ai.choice' : /^gen_ai\.(system|user|assistant|tool)\.message$/.test(event.name)));
  if (events.length === 0) return undefined;
  return events.flatMap((event) => {
    const role = side === 'output' ? 'assistant' : event.name.split('.')[1] ?? 'user';
    const body = isPlainObject(event.attributes.message) ? event.attributes.message : event.attributes;
    const message = { role, content: body.content, tool_calls: readJsonAttribute(body.tool_calls), tool_call_id: body.id };
    return readGenAiMessages(JSON.stringify([message])) ?? [];
  });
}
