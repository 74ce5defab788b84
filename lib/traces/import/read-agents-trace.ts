import { err, isPlainObject, ok, type Result } from '@/lib/runtime';
import { orderSpans } from './order-spans';
import { addResult } from './read-gen-ai-spans';
import { pairResultsByName } from './pair-results-by-name';
import { readArgumentsText, readOutputText } from './read-json-attribute';
import { TRACE_LIMITS } from './trace-limits';
import type { TraceCall, TraceModelCall, TraceRun } from './trace-run';
import { toTraceMessages } from './to-trace-messages';

/** An Agents span as its JSON has it (`object: 'trace.span'`), reduced to what an import reads. */
type AgentsSpan = { spanId: string; parentSpanId?: string; start: string; data: Record<string, unknown>; error?: string };

/** The items of an OpenAI Agents JS export: a list of trace and span JSON, `{data: [...]}` (what its exporter posts), or a trace with its `spans`. */
export function readAgentsItems(document: unknown): unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (!isPlainObject(document)) return undefined;
  if (Array.isArray(document.data)) return document.data;
  if (document.object === 'trace' && Array.isArray(document.spans)) return [document, ...document.spans];
  return undefined;
}

/**
 * An OpenAI Agents JS trace (its processors' `trace.toJSON()` / `span.toJSON()`): each `response`
 * span a model call, read from its `_input` and `_response` (the Responses API's own request input
 * and response, kept on the span when tracing includes sensitive data; the default exporter drops
 * them, and then the calls are rebuilt from the function spans), each `function` span a tool call's
 * result, paired with the call by tool name in order (the spans carry no call id).
 */
export function readAgentsTrace(items: readonly unknown[]): Result<TraceRun, string> {
  const objects = items.filter(isPlainObject);
  if (objects.length > TRACE_LIMITS.spans) return err(`The export holds more than ${TRACE_LIMITS.spans} spans; a trace import reads at most that many.`);
  const trace = objects.find((item) => item.object === 'trace');
  const spans = objects.filter((item) => item.object === 'trace.span' && isPlainObject(item.span_data)).map(readAgentsSpan);
  if (spans.length === 0) return err('The export has no spans (items with "object": "trace.span").');
  const ordered = orderSpans(spans);
  if (!ordered.ok) return ordered;
  const run: TraceRun = { format: 'openai-agents', messages: [], modelCalls: [], results: [], notes: [], start: '', ...(typeof trace?.id === 'string' ? { traceId: trace.id } : {}) };
  const responses = ordered.value.filter((span) => span.data.type === 'response');
  const functions = ordered.value.filter((span) => span.data.type === 'function');
  if (responses.length > 0 && responses.every((span) => isPlainObject(span.data._response))) {
    for (const span of responses) readResponseSpan(span, run);
  } else {
    run.notes.push({ where: 'response spans', reason: "They hold only response ids (the default export drops each response's _input and _response): the model calls were rebuilt from the function spans, one per agent turn, without the model's text or the user message." });
    rebuildModelCalls(ordered.value, functions, run);
  }
  pairResultsByName(
    run,
    functions.map((span) => {
      const name = String(span.data.name ?? '');
      const where = `span ${span.spanId} (function ${name})`;
      return { name, arguments: readArgumentsText(span.data.input), output: span.error ?? readOutputText(span.data.output), isError: span.error !== undefined, where };
    }),
  );
  run.notes.push({ where: 'tools', reason: 'An Agents trace names its tools but not their schemas; they were inferred from the calls.' });
  run.notes.push({ where: 'instructions', reason: "An Agents trace does not hold the agent's instructions; the session has none." });
  return ok(run);
}

function readAgentsSpan(item: Record<string, unknown>): AgentsSpan {
  const error = isPlainObject(item.error) ? readAgentsError(item.error) : undefined;
  const started = typeof item.started_at === 'string' ? Date.parse(item.started_at) : Number.NaN;
  return {
    spanId: typeof item.id === 'string' ? item.id : '',
    ...(typeof item.parent_id === 'string' ? { parentSpanId: item.parent_id } : {}),
    // Milliseconds as nanoseconds, so spans order as OTLP ones do.
    start: Number.isFinite(started) ? `${started}000000` : '',
    data: item.span_data as Record<string, unknown>,
    ...(error ? { error } : {}),
  };
}

function readResponseSpan(span: AgentsSpan, run: TraceRun): void {
  const where = `span ${span.spanId} (response ${String(span.data.response_id ?? '')})`;
  const input = span.data._input;
  const response = span.data._response as Record<string, unknown>;
  const items = typeof input === 'string' ? [{ role: 'user', content: input }] : Array.isArray(input) ? input.filter(isPlainObject) : [];
  const messages = toTraceMessages(items.map((item) => ({ role: String(item.role ?? ''), text: readItemText(item.content) })));
  if (run.modelCalls.length === 0) {
    if (run.start === '') run.start = span.start;
    run.messages = [...(typeof response.instructions === 'string' ? [{ role: 'system' as const, content: response.instructions }] : []), ...messages];
  }
  for (const item of Array.isArray(input) ? input.filter(isPlainObject) : []) {
    if (item.type === 'function_call_output' && typeof item.call_id === 'string') addResult(run, { callId: item.call_id, name: '', output: readOutputText(item.output), isError: false, where });
  }
  const output = Array.isArray(response.output) ? response.output.filter(isPlainObject) : [];
  const text = output.filter((item) => item.type === 'message').map((item) => readItemText(item.content)).join('');
  const calls = output.filter((item) => item.type === 'function_call').map((item): TraceCall => ({ callId: String(item.call_id ?? ''), name: String(item.name ?? ''), arguments: readArgumentsText(item.arguments) }));
  const model = typeof response.model === 'string' ? { model: response.model } : {};
  const call: TraceModelCall = { where, ...model, text, calls, ...(items.length > 0 ? { input: messages } : {}), ...(span.error ? { error: span.error } : {}) };
  run.modelCalls.push(call);
}

/** Without response bodies: each agent turn's function spans are the calls of one model call, and a last model call answers. */
function rebuildModelCalls(spans: readonly AgentsSpan[], functions: readonly AgentsSpan[], run: TraceRun): void {
  const turns = new Map<string, AgentsSpan[]>();
  for (const span of functions) turns.set(span.parentSpanId ?? '', [...(turns.get(span.parentSpanId ?? '') ?? []), span]);
  let index = 0;
  for (const [parent, group] of turns) {
    const calls = group.map((span) => ({ callId: `call_${(index += 1)}`, name: String(span.data.name ?? ''), arguments: readArgumentsText(span.data.input) }));
    run.modelCalls.push({ where: `span ${parent || '(no parent)'} (agent turn)`, text: '', calls });
  }
  run.start = spans[0]?.start ?? '';
  run.modelCalls.push({ where: 'the last agent turn', text: '', calls: [] });
  run.notes.push({ where: 'the last agent turn', reason: "The model's final answer is not in the export; the session's turn ends with an empty answer." });
}

/**
 * What an Agents span's error says: a function span's `data.error` is what the tool threw
 * (`String(error)`, so `Error: ` leads it), its `message` only "Error running tool (non-fatal)".
 */
function readAgentsError(error: Record<string, unknown>): string | undefined {
  const thrown = isPlainObject(error.data) && typeof error.data.error === 'string' ? error.data.error.replace(/^Error: /, '') : undefined;
  return thrown ?? (typeof error.message === 'string' ? error.message : undefined);
}

/** Text of a Responses content: a string, or its `input_text` / `output_text` parts joined. */
function readItemText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((part) => (isPlainObject(part) && typeof part.text === 'string' && (part.type === 'input_text' || part.type === 'output_text') ? [part.text] : [])).join('');
}
