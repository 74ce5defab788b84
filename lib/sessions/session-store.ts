import type { StoredSessionRecord } from './compact-session-record';
import type { SessionRecord, SessionTurn } from './session-record';

/** What reading a stored session found, texts in place. A stored record that no longer validates is `invalid`, not a crash. */
export type SessionLookup =
  | { kind: 'found'; record: SessionRecord }
  | { kind: 'missing' }
  | { kind: 'invalid'; error: string };

/**
 * The repository behind sessions: finished turns (kept for a while so Share can pick them up)
 * and immutable session records. Implementations validate what they read back; every write is
 * one transaction. Infrastructure failures (connection lost) are thrown.
 */
export type SessionStore = {
  saveTurn(turn: SessionTurn): Promise<void>;
  getTurn(turnId: string): Promise<SessionTurn | undefined>;
  /** Stores a new record as given (compacted); an existing id is never overwritten (sessions are immutable). */
  createSession(record: StoredSessionRecord): Promise<void>;
  getSession(id: string): Promise<SessionLookup>;
  close(): Promise<void>;
};
