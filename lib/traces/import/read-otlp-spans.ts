import { err, isPlainObject, ok, type Result } from '@/lib/runtime';
import { decodeOtlpAttributes } from '../otlp';
import { TRACE_LIMITS } from './trace-limits';
import type { TraceNote, TraceSpan } from './trace-run';
import { orderSpans } from './order-spans';

/** The spans of one trace of an OTLP JSON document, in start order, and what was left out. */
export type OtlpTrace = { traceId: string; spans: TraceSpan[]; notes: TraceNote[] };

/**
 * Reads an OTLP/HTTP JSON traces document (`resourceSpans` → `scopeSpans` → `spans`) into the spans
 * of its first trace: attributes as plain JSON, ordered by start time. Refuses a document past
 * `TRACE_LIMITS.spans`, and one whose parent ids loop or nest past `TRACE_LIMITS.spanDepth`.
 */
export function readOtlpSpans(document: Record<string, unknown>): Result<OtlpTrace, string> {
  const raw = collectRawSpans(document);
  if (!raw.ok) return raw;
  if (raw.value.length === 0) return err('The document has no spans (resourceSpans → scopeSpans → spans is empty).');
  const traceIds = [...new Set(raw.value.map((span) => (typeof span.traceId === 'string' ? span.traceId : '')))];
  const traceId = traceIds[0] ?? '';
  const notes: TraceNote[] = traceIds.length > 1 ? [{ where: 'document', reason: `It holds ${traceIds.length} traces; trace ${traceId || '(no id)'} was imported, the others were not (one trace becomes one session).` }] : [];
  const spans = raw.value.filter((span) => (typeof span.traceId === 'string' ? span.traceId : '') === traceId).map(readSpan);
  const ordered = orderSpans(spans);
  return ordered.ok ? ok({ traceId, spans: ordered.value, notes }) : ordered;
}

function collectRawSpans(document: Record<string, unknown>): Result<Record<string, unknown>[], string> {
  const spans: Record<string, unknown>[] = [];
  const resources = Array.isArray(document.resourceSpans) ? document.resourceSpans : [];
  for (const resource of resources) {
    if (!isPlainObject(resource)) continue;
    const scopes = Array.isArray(resource.scopeSpans) ? resource.scopeSpans : Array.isArray(resource.instrumentationLibrarySpans) ? resource.instrumentationLibrarySpans : [];
    for (const scope of scopes) {
      const list = isPlainObject(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      for (const span of list) {
        if (!isPlainObject(span)) continue;
        spans.push(span);
        if (spans.length > TRACE_LIMITS.spans) return err(`The document holds more than ${TRACE_LIMITS.spans} spans; a trace import reads at most that many.`);
      }
    }
  }
  return ok(spans);
}

function readSpan(span: Record<string, unknown>): TraceSpan {
  const status = isPlainObject(span.status) ? span.status : {};
  const events = Array.isArray(span.events) ? span.events.filter(isPlainObject) : [];
  return {
    spanId: typeof span.spanId === 'string' ? span.spanId : '',
    ...(typeof span.parentSpanId === 'string' && span.parentSpanId !== '' ? { parentSpanId: span.parentSpanId } : {}),
    name: typeof span.name === 'string' ? span.name : '',
    start: readNanos(span.startTimeUnixNano),
    attributes: decodeOtlpAttributes(span.attributes),
    status: { code: readStatusCode(status.code), ...(typeof status.message === 'string' && status.message !== '' ? { message: status.message } : {}) },
    events: events.map((event) => ({ name: typeof event.name === 'string' ? event.name : '', attributes: decodeOtlpAttributes(event.attributes) })),
  };
}

function readNanos(value: unknown): string {
  if (typeof value === 'string' && /^\d{1,25}$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return '';
}

/** OTLP JSON writes the status code as a number or, from some exporters, as its enum name. */
function readStatusCode(code: unknown): number {
  if (typeof code === 'number') return code;
  if (code === 'STATUS_CODE_ERROR') return 2;
  if (code === 'STATUS_CODE_OK') return 1;
  return 0;
}
