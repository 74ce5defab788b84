// Server-only: where sessions are stored (SQL through PostgreSQL or the embedded PGlite), the process-wide
// store, sharing, importing and saving finished turns.
export { createPostgresClient } from './create-postgres-client';
export { createSharedSession, shareSessionRequestSchema } from './create-shared-session';
export { saveFinishedTurn } from './finished-turns';
export { getSessionChecker, getSessionStore, withSessionStore } from './get-session-store';
export { migrateSessionDatabase } from './migrate-session-database';
export { readSessionBody, readSessionSummary } from './read-stored-session';
export type { ControlledTurn, SessionStore } from './session-store';
export type { SqlClient, SqlQuery } from './sql-client';
export { importStoredSession } from './store-session-record';
