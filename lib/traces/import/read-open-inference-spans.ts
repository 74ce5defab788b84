import { isPlainObject } from '@/lib/runtime';
import { pairResultsByName, type UnpairedResult } from './pair-results-by-name';
import type { OtlpTrace } from './read-otlp-spans';
import { addResult, readToolDefinitions } from './read-gen-ai-spans';
import { readSpanError } from './read-span-error';
import { describeSpan, readArgumentsText, readJsonAttribute, readOutputText, readText } from './read-json-attribute';
import type { TraceCall, TraceRun, TraceSpan } from './trace-run';
import { toTraceMessages } from './to-trace-messages';

/** Whether a span follows the OpenInference conventions (Phoenix, Arize): it names its `openinference.span.kind`. */
export function isOpenInferenceSpan(span: TraceSpan): boolean {
  return typeof span.attributes['openinference.span.kind'] === 'string';
}

/** An OpenInference message as its flattened attributes nest: `message.role`, `message.content`, `message.tool_calls.N.tool_call.*`. */
type FlatMessage = { role: string; text: string; calls: TraceCall[]; toolCallId?: string };

/**
 * A trace in the OpenInference conventions: each `LLM` span (`llm.input_messages.N.message.*`,
 * `llm.output_messages.N.message.*` with `tool_calls.N.tool_call.{id, function.name,
 * function.arguments}`, `llm.tools.N.tool.json_schema`, `llm.model_name`) and each `TOOL` span
 * (`tool.name`, `input.value`, `output.value`; `tool_call.id` when recorded, else paired with the
 * calls by tool name in order).
 */
export function readOpenInferenceSpans(trace: OtlpTrace): TraceRun {
  const run: TraceRun = { format: 'openinference', messages: [], modelCalls: [], results: [], notes: [...trace.notes], start: trace.spans[0]?.start ?? '', traceId: trace.traceId };
  const unpaired: UnpairedResult[] = [];
  for (const span of trace.spans) {
    const kind = readText(span.attributes['openinference.span.kind']);
    if (kind === 'LLM') readLlmSpan(span, run);
    else if (kind === 'TOOL') readToolSpan(span, run, unpaired);
  }
  pairResultsByName(run, unpaired);
  return run;
}

function readLlmSpan(span: TraceSpan, run: TraceRun): void {
  const where = describeSpan(span);
  const input = readFlatMessages(span.attributes, 'llm.input_messages.');
  const output = readFlatMessages(span.attributes, 'llm.output_messages.');
  const messages = toTraceMessages(input);
  if (run.modelCalls.length === 0) {
    run.messages = messages;
    if (input.length === 0) run.notes.push({ where, reason: 'No input messages were recorded (llm.input_messages; hidden inputs?): the user message is not known.' });
  }
  for (const message of input) {
    if (message.role === 'tool' && message.toolCallId) addResult(run, { callId: message.toolCallId, name: '', output: message.text, isError: false, where });
  }
  const model = readText(span.attributes['llm.model_name']);
  const tools = readToolDefinitions(readIndexed(span.attributes, 'llm.tools.').map((tool) => (isPlainObject(tool) && isPlainObject(tool.tool) ? readJsonAttribute(tool.tool.json_schema) : undefined)));
  const base = { where, ...(model ? { model } : {}), ...(tools && tools.length > 0 ? { tools } : {}), ...(input.length > 0 ? { input: messages } : {}) };
  if (span.status.code === 2) {
    run.modelCalls.push({ ...base, text: '', calls: [], error: span.status.message ?? 'The model call failed.' });
    return;
  }
  if (output.length === 0) {
    run.notes.push({ where, reason: 'No output messages were recorded (llm.output_messages): what the model answered is not known, so this model call was left out.' });
    return;
  }
  run.modelCalls.push({ ...base, text: output.map((message) => message.text).join(''), calls: output.flatMap((message) => message.calls) });
}

function readToolSpan(span: TraceSpan, run: TraceRun, unpaired: UnpairedResult[]): void {
  const where = describeSpan(span);
  const name = readText(span.attributes['tool.name']) ?? '';
  const argumentsValue = span.attributes['input.value'];
  const error = readSpanError(span);
  const failed = error !== undefined;
  const output = error ?? span.attributes['output.value'];
  if (output === undefined) {
    run.notes.push({ where, reason: 'No result was recorded (output.value; hidden outputs?).' });
    return;
  }
  const result = { name, ...(argumentsValue === undefined ? {} : { arguments: readArgumentsText(argumentsValue) }), output: readOutputText(output), isError: failed, where };
  const callId = readText(span.attributes['tool_call.id']);
  if (callId) addResult(run, { ...result, callId });
  else unpaired.push(result);
}

/** The messages under `prefix` (`llm.input_messages.`), in index order. */
function readFlatMessages(attributes: Record<string, unknown>, prefix: string): FlatMessage[] {
  return readIndexed(attributes, prefix).flatMap((entry) => {
    const message = isPlainObject(entry) && isPlainObject(entry.message) ? entry.message : undefined;
    if (!message) return [];
    const contents = readIndexed(message, 'contents.', true).flatMap((part) => (isPlainObject(part) && isPlainObject(part.message_content) && typeof part.message_content.text === 'string' ? [part.message_content.text] : []));
    const calls = readIndexed(message, 'tool_calls.', true).flatMap((call): TraceCall[] => {
      const toolCall = isPlainObject(call) && isPlainObject(call.tool_call) ? call.tool_call : undefined;
      const fn = toolCall && isPlainObject(toolCall.function) ? toolCall.function : undefined;
      return fn ? [{ callId: String(toolCall?.id ?? ''), name: String(fn.name ?? ''), arguments: readArgumentsText(fn.arguments) }] : [];
    });
    return [{ role: String(message.role ?? ''), text: typeof message.content === 'string' ? message.content : contents.join(''), calls, ...(typeof message.tool_call_id === 'string' ? { toolCallId: message.tool_call_id } : {}) }];
  });
}

/**
 * The flattened attributes under `prefix` followed by an index, nested back (`a.0.b.c` → `[{b: {c}}]`),
 * in index order. `nested`: `attributes` is already one level of such a nesting.
 */
function readIndexed(attributes: Record<string, unknown>, prefix: string, nested = false): unknown[] {
  const entries = new Map<number, Record<string, unknown>>();
  const source = nested ? flatten(attributes) : Object.entries(attributes);
  for (const [key, value] of source) {
    if (!key.startsWith(prefix)) continue;
    const [index, ...path] = key.slice(prefix.length).split('.');
    const position = Number(index);
    if (!Number.isSafeInteger(position) || path.length === 0) continue;
    const entry = entries.get(position) ?? {};
    entries.set(position, entry);
    let node = entry;
    for (const part of path.slice(0, -1)) {
      const child = isPlainObject(node[part]) ? (node[part] as Record<string, unknown>) : {};
      node[part] = child;
      node = child;
    }
    node[path[path.length - 1] ?? ''] = value;
  }
  return [...entries].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

/** One nested level back to dotted keys (`{contents: {0: ...}}` was built from `contents.0...`). */
function flatten(node: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(node).flatMap(([key, value]) => (isPlainObject(value) ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]]));
}
