import { isPlainObject } from '@/lib/runtime';
import type { OtlpTrace } from './read-otlp-spans';
import { addResult, readToolDefinitions } from './read-gen-ai-spans';
import { readSpanError } from './read-span-error';
import { describeSpan, readArgumentsText, readJsonAttribute, readOutputText, readText } from './read-json-attribute';
import type { TraceCall, TraceRun, TraceSpan, TraceToolResult } from './trace-run';
import { toTraceMessages } from './to-trace-messages';

/** The AI SDK's spans of one model call (`ai.generateText.doGenerate`, `ai.streamText.doStream`, …). */
const MODEL_CALL = /^ai\.(generateText|streamText|generateObject|streamObject)\.do(Generate|Stream)$/;

/** Whether a span is the Vercel AI SDK's telemetry (`experimental_telemetry`): it names its `ai.operationId`. */
export function isAiSdkSpan(span: TraceSpan): boolean {
  return typeof span.attributes['ai.operationId'] === 'string';
}

/**
 * A trace of the AI SDK's telemetry: each model call's span (`ai.prompt.messages`,
 * `ai.prompt.tools`, `ai.response.text`, `ai.response.toolCalls`, `ai.model.id`) and each
 * `ai.toolCall` span (`ai.toolCall.name`, `.id`, `.args`, `.result`; an error status: it failed).
 * Results missing from tool spans are read from the next model call's prompt (`tool-result` parts).
 */
export function readAiSdkSpans(trace: OtlpTrace): TraceRun {
  const run: TraceRun = { format: 'ai-sdk', messages: [], modelCalls: [], results: [], notes: [...trace.notes], start: trace.spans[0]?.start ?? '', traceId: trace.traceId };
  for (const span of trace.spans) {
    const operation = readText(span.attributes['ai.operationId']) ?? '';
    if (MODEL_CALL.test(operation)) readModelCall(span, run);
    else if (operation === 'ai.toolCall') readToolCall(span, run);
  }
  return run;
}

function readModelCall(span: TraceSpan, run: TraceRun): void {
  const where = describeSpan(span);
  const attributes = span.attributes;
  const prompt = readJsonAttribute(attributes['ai.prompt.messages']);
  const messages = Array.isArray(prompt) ? prompt.filter(isPlainObject) : undefined;
  const input = messages && toTraceMessages(messages.map((message) => ({ role: String(message.role ?? ''), text: readContentText(message.content) })));
  if (run.modelCalls.length === 0) {
    run.messages = input ?? [];
    if (messages === undefined) run.notes.push({ where, reason: 'No prompt was recorded (ai.prompt.messages; recordInputs may have been off): the user message is not known.' });
  }
  for (const message of messages ?? []) for (const result of readToolResults(message, where)) addResult(run, result);
  const tools = Array.isArray(attributes['ai.prompt.tools']) ? readToolDefinitions(attributes['ai.prompt.tools'].map((tool) => readJsonAttribute(tool))) : undefined;
  const model = readText(attributes['ai.response.model']) ?? readText(attributes['ai.model.id']);
  const base = { where, ...(model ? { model } : {}), ...(tools ? { tools } : {}), ...(input ? { input } : {}) };
  if (span.status.code === 2) {
    run.modelCalls.push({ ...base, text: '', calls: [], error: span.status.message ?? 'The model call failed.' });
    return;
  }
  const text = readText(attributes['ai.response.text']);
  const calls = readJsonAttribute(attributes['ai.response.toolCalls']);
  if (text === undefined && !Array.isArray(calls)) {
    run.notes.push({ where, reason: 'No response was recorded (ai.response.text, ai.response.toolCalls; recordOutputs may have been off): what the model answered is not known, so this model call was left out.' });
    return;
  }
  run.modelCalls.push({ ...base, text: text ?? '', calls: Array.isArray(calls) ? calls.filter(isPlainObject).map(readCall) : [] });
}

function readCall(call: Record<string, unknown>): TraceCall {
  return { callId: String(call.toolCallId ?? ''), name: String(call.toolName ?? ''), arguments: readArgumentsText(call.input ?? call.args) };
}

function readToolCall(span: TraceSpan, run: TraceRun): void {
  const attributes = span.attributes;
  const where = describeSpan(span);
  const callId = readText(attributes['ai.toolCall.id']);
  if (!callId) {
    run.notes.push({ where, reason: 'The tool span has no ai.toolCall.id, so its result cannot be paired with a call; it was not imported.' });
    return;
  }
  const name = readText(attributes['ai.toolCall.name']) ?? '';
  const argumentsText = attributes['ai.toolCall.args'] === undefined ? {} : { arguments: readArgumentsText(attributes['ai.toolCall.args']) };
  const error = readSpanError(span);
  if (error !== undefined) {
    addResult(run, { callId, name, ...argumentsText, output: error, isError: true, where });
    return;
  }
  const result = attributes['ai.toolCall.result'];
  if (result === undefined) {
    run.notes.push({ where, reason: 'No result was recorded (ai.toolCall.result; recordOutputs may have been off).' });
    return;
  }
  // The SDK records the result as its JSON: a string result is the string the model read.
  const parsed = readJsonAttribute(result);
  addResult(run, { callId, name, ...argumentsText, output: typeof parsed === 'string' ? parsed : readOutputText(result), isError: false, where });
}

/** A prompt message's text: a string, or its `text` parts joined. */
function readContentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((part) => (isPlainObject(part) && part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join('');
}

/** `tool-result` parts of a `tool` message: `{toolCallId, toolName, output: {type: 'text' | 'json' | 'error-text' | 'error-json', value}}`. */
function readToolResults(message: Record<string, unknown>, where: string): TraceToolResult[] {
  if (message.role !== 'tool' || !Array.isArray(message.content)) return [];
  return message.content.filter(isPlainObject).flatMap((part) => {
    if (part.type !== 'tool-result' || typeof part.toolCallId !== 'string') return [];
    const output = isPlainObject(part.output) ? part.output : { type: 'json', value: part.result };
    const isError = typeof output.type === 'string' && output.type.startsWith('error');
    return [{ callId: part.toolCallId, name: '', output: readOutputText(output.value), isError, where }];
  });
}
