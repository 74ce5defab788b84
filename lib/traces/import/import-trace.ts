import { countJsonValues, err, isPlainObject, ok, type Result } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';
import { buildTraceSession } from './build-trace-session';
import { readAgentsItems, readAgentsTrace } from './read-agents-trace';
import { isAiSdkSpan, readAiSdkSpans } from './read-ai-sdk-spans';
import { isGenAiSpan, readGenAiSpans } from './read-gen-ai-spans';
import { isOpenInferenceSpan, readOpenInferenceSpans } from './read-open-inference-spans';
import { readOtlpSpans } from './read-otlp-spans';
import { TRACE_LIMITS } from './trace-limits';
import type { TraceAppCall, TraceFormat, TraceNote, TraceRun } from './trace-run';

/**
 * What importing a trace gives: the session it becomes (the shape `POST /api/sessions/import`
 * accepts, its one turn still to be recorded by `recordTraceSession`), the format it was read as,
 * what did not carry over or carried over changed, and the calls its script proposes (for
 * `noteAppDifferences` once the turns are recorded); or why nothing could be imported.
 */
export type TraceImport = { ok: true; session: SessionRecord; format: TraceFormat; notes: TraceNote[]; appCalls: TraceAppCall[] } | { ok: false; reason: string };

/**
 * One trace → one session (DESIGN §7): reads an OTLP JSON document (spans in the OpenTelemetry
 * GenAI, OpenInference or AI SDK conventions) or an OpenAI Agents JS trace export (a JSON string
 * or the parsed value), bounded like a session import (`TRACE_LIMITS`). Pure and synchronous; its
 * cost is the document's size, so a server runs it off the HTTP thread.
 */
export function importTrace(document: unknown): TraceImport {
  const parsed = parseDocument(document);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  const run = readTraceRun(parsed.value);
  if (!run.ok) return { ok: false, reason: run.error };
  if (run.value.modelCalls.length === 0) {
    const why = run.value.notes.slice(0, 3).map((note) => `${note.where}: ${note.reason}`).join(' ');
    return { ok: false, reason: `The trace holds no model call with a recorded answer, so there is no run to replay.${why ? ` ${why}` : ''}` };
  }
  const built = buildTraceSession(run.value);
  return { ok: true, session: built.session, format: run.value.format, notes: built.notes, appCalls: built.appCalls };
}

function parseDocument(document: unknown): Result<unknown, string> {
  let value = document;
  if (typeof document === 'string') {
    try {
      value = JSON.parse(document) as unknown;
    } catch (error) {
      if (error instanceof SyntaxError) return err(`The trace is not JSON: ${error.message}`);
      throw error;
    }
  }
  if (countJsonValues(value, TRACE_LIMITS.documentValues) > TRACE_LIMITS.documentValues) {
    return err(`The trace holds more than ${TRACE_LIMITS.documentValues} JSON values; a trace import reads at most that many.`);
  }
  return ok(value);
}

function readTraceRun(document: unknown): Result<TraceRun, string> {
  const agentsItems = readAgentsItems(document);
  if (agentsItems) return readAgentsTrace(agentsItems);
  if (!isPlainObject(document) || !Array.isArray(document.resourceSpans)) {
    return err('Not a known trace format: an OTLP JSON document has "resourceSpans"; an OpenAI Agents export is a list of trace and span objects, or {"data": [...]}.');
  }
  const trace = readOtlpSpans(document);
  if (!trace.ok) return trace;
  // The AI SDK's model-call spans carry some gen_ai.* attributes too: its own ai.* ones are read first.
  if (trace.value.spans.some(isAiSdkSpan)) return ok(readAiSdkSpans(trace.value));
  if (trace.value.spans.some(isOpenInferenceSpan)) return ok(readOpenInferenceSpans(trace.value));
  if (trace.value.spans.some(isGenAiSpan)) return ok(readGenAiSpans(trace.value));
  return err("No span of the trace follows a known convention (OpenTelemetry GenAI's gen_ai.operation.name, OpenInference's openinference.span.kind, the AI SDK's ai.operationId).");
}
