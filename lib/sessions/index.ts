// Sessions as the browser and every layer above see them: the session record, its checks and texts, the
// API client. Browser-safe; the server-only store is `@/lib/sessions/store`.
export { buildForkRequest } from './record/build-fork-request';
export type { ForkedTurn } from './record/build-fork-request';
export { compactSessionRecord } from './record/compact-session-record';
export { createSessionId } from './record/create-session-id';
export type { StoredSessionRecord } from './record/compact-session-record';
export { prepareStoredSession, prepareStoredTurn } from './record/prepare-stored-session';
export type { PreparedSession, SessionPreparation } from './record/prepare-stored-session';
export { SESSION_RECORD_VERSION, readCheckedSessionRecord } from './record/read-checked-session';
export { exportSessionFile, fetchSession, importSessionFile, replaySharedSession, shareSession } from './record/session-api';
export type { ReplayResponse, SessionApiError, ShareRequest } from './record/session-api';
export type { SessionChecker } from './record/session-checker';
export { shareSessionRequestSchema } from './record/share-session-request';
export { describeStorageFailure, statusForSessionError } from './record/session-error';
export type { SessionError } from './record/session-error';
export { migrateSessionRecord } from './record/session-record';
export type { AppDifference, SessionRecord, SessionTurn } from './record/session-record';
