// Server-only: traces in and out of the session store, converted in the sandbox pool.
export { exportStoredTrace } from './export-stored-trace';
export { importTraceSession } from './import-trace-session';
export type { ImportedTraceSession } from './import-trace-session';
