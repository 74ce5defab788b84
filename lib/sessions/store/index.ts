// Server-only: where sessions are stored (SQL through PostgreSQL or the embedded PGlite), its storage
// limits, sharing and importing. The process-wide store is the server's (`@/lib/server/sessions`).
export { createPgliteClient } from './create-pglite-client';
export { createPostgresClient } from './create-postgres-client';
export { createSharedSession } from './create-shared-session';
export { createSqlSessionStore } from './create-sql-session-store';
export { migrateSessionDatabase } from './migrate-session-database';
export { readSessionBody, readSessionSummary } from './read-stored-session';
export { readSessionStorageLimits } from './session-storage-limits';
export type { ControlledTurn, SessionStore } from './session-store';
export type { EvaluationRead, EvaluationRows, EvaluationSessionRow, EvaluationSummaryRow, NewEvaluationRow } from './create-evaluation-rows';
export type { SqlClient, SqlQuery } from './sql-client';
export { createSessionIdentity, importStoredSession, storePreparedSessions } from './store-session-record';
