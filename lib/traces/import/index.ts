// An app's trace as a session: read in one of the formats, built into a session, recorded on the turn path.
export { importTrace } from './import-trace';
export type { TraceImport } from './import-trace';
export { APP_RAN_APPROVAL, noteAppDifferences } from './note-app-differences';
export { recordTraceSession } from './record-trace-session';
export type { TraceTurnRunner } from './record-trace-session';
export { TRACE_LIMITS } from './trace-limits';
export type { TraceAppCall, TraceFormat, TraceNote } from './trace-run';
