// What the server asks of a sandbox worker about traces, computed from text: parsing a large stored
// record (or a large trace) and converting it costs the HTTP thread nothing but the answer.
import { err, ok, type Result } from '@/lib/runtime';
import { parseStoredSession, type StoredSessionText } from '@/lib/replay';
import type { SessionError, SessionRecord } from '@/lib/sessions';
import { exportSessionTrace } from './export';
import { importTrace, type TraceAppCall, type TraceFormat, type TraceNote } from './import';

/** What to convert: a stored session into an OTLP JSON trace, or a trace's text into a session. */
export type TraceConversion = { kind: 'export'; session: StoredSessionText } | { kind: 'import'; text: string };

/** A trace read as a session (its turns still to be recorded on the turn path), with its format and notes. */
export type ConvertedTrace = { session: SessionRecord; format: TraceFormat; notes: TraceNote[]; appCalls: TraceAppCall[] };

/** The answer for each conversion. */
export type TraceConversionAnswers = {
  /** The OTLP JSON document's text. */
  export: Result<string, SessionError>;
  import: Result<ConvertedTrace, SessionError>;
};

export function convertTraceText(conversion: TraceConversion): TraceConversionAnswers[TraceConversion['kind']] {
  switch (conversion.kind) {
    case 'export': {
      const record = parseStoredSession(conversion.session);
      return record.ok ? ok(JSON.stringify(exportSessionTrace(record.value))) : record;
    }
    case 'import': {
      const imported = importTrace(conversion.text);
      return imported.ok ? ok({ session: imported.session, format: imported.format, notes: imported.notes, appCalls: imported.appCalls }) : err({ code: 'invalid', message: imported.reason });
    }
  }
}
