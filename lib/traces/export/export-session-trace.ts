import type { SessionRecord } from '@/lib/sessions';
import { createTraceId, encodeOtlpAttributes, type OtlpTraceDocument } from '../otlp';
import { buildTurnSpans, lastAt } from './build-turn-spans';

/** The instrumentation scope and `service.name` of an exported session. */
export const TRACE_EXPORT_SCOPE = 'tool-runtime-playground';

/**
 * A session as one OTLP JSON trace with the OpenTelemetry GenAI semantic conventions: per turn an
 * `invoke_agent playground` span, under it a `chat <model>` span per model request and an
 * `execute_tool <name>` span per proposed call. Ids derive from the session's id and times from
 * its record (its turns placed back to back, ending when it was stored), so the same session
 * always exports the same document.
 */
export function exportSessionTrace(record: SessionRecord): OtlpTraceDocument {
  const traceId = createTraceId(record.id);
  const durations = record.turns.map(lastAt);
  const epochMs = Math.floor(Date.parse(record.createdAt));
  let startOffsetMs = -durations.reduce((sum, duration) => sum + duration, 0);
  const spans = record.turns.flatMap((turn, turnIndex) => {
    const turnSpans = buildTurnSpans(turn, { traceId, sessionId: record.id, turnIndex, epochMs, startOffsetMs });
    startOffsetMs += durations[turnIndex] ?? 0;
    return turnSpans;
  });
  return {
    resourceSpans: [
      {
        resource: {
          attributes: encodeOtlpAttributes({
            'service.name': TRACE_EXPORT_SCOPE,
            'playground.session.id': record.id,
            'playground.session.title': record.title,
          }),
        },
        scopeSpans: [{ scope: { name: TRACE_EXPORT_SCOPE, version: String(record.version) }, spans }],
      },
    ],
  };
}

/** The download's file name: `trace-<session id>.otlp.json`. */
export function describeTraceFileName(sessionId: string): string {
  return `trace-${sessionId}.otlp.json`;
}
