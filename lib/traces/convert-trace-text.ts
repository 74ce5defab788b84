// What the server asks of a sandbox worker about traces, computed from text: parsing a large stored
// record (or a large trace) and converting it costs the HTTP thread nothing but the answer's text.
import { ok, type Result } from '@/lib/runtime';
import { parseStoredSession, type StoredSessionText } from '@/lib/replay';
import type { SessionError } from '@/lib/sessions';
import { exportSessionTrace } from './export';

/** What to convert: a stored session into an OTLP JSON trace. */
export type TraceConversion = { kind: 'export'; session: StoredSessionText };

/** The answer for each conversion. */
export type TraceConversionAnswers = {
  /** The OTLP JSON document's text. */
  export: Result<string, SessionError>;
};

export function convertTraceText(conversion: TraceConversion): TraceConversionAnswers[TraceConversion['kind']] {
  switch (conversion.kind) {
    case 'export':
      return exportStoredSession(conversion.session);
  }
}

function exportStoredSession(session: StoredSessionText): Result<string, SessionError> {
  const record = parseStoredSession(session);
  return record.ok ? ok(JSON.stringify(exportSessionTrace(record.value))) : record;
}
