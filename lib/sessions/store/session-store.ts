import type { PreparedSession } from '../record/prepare-stored-session';
import type { SessionTurn } from '../record/session-record';
import type { EvaluationRows } from './create-evaluation-rows';

/** A checked record as it is stored, with whom it counts against (a hash of the writer's address). */
export type StoredSessionRow = PreparedSession & { owner?: string };

/** Whether a new record was stored, or its writer's address has stored its daily quota already. */
export type SessionWriteOutcome = { kind: 'stored' } | { kind: 'over-quota'; usedBytes: number; quotaBytes: number };

/** A stored finished turn and the SHA-256 (hex) of the control token its stream answered with. */
export type ControlledTurn = { turn: SessionTurn; controlTokenHash?: string };

/** What reading a stored session found: its checked text, never parsed by the store. */
export type SessionRead =
  | { kind: 'found'; body: string }
  | { kind: 'missing' }
  /** Stored by an older version and refused by today's checks (or the check could not run now: `retry`). */
  | { kind: 'unreadable'; error: string; retry: boolean };

/** What the page of a session shows without reading its record. */
export type SessionSummary = { id: string; createdAt: string; title: string; description: string };

export type SessionSummaryRead = { kind: 'found'; summary: SessionSummary } | Exclude<SessionRead, { kind: 'found' }>;

/**
 * The repository behind sessions: finished turns (kept for a while so Share can pick them up)
 * and immutable session records, both stored as the text their check produced and read back
 * without validation. A record written before records were checked on write is checked (through
 * the store's checker, in a worker) the first time it is read, and rewritten. Every write is one
 * transaction. Infrastructure failures (connection lost) are thrown.
 */
export type SessionStore = {
  /** Stores a checked finished turn's text (`SessionChecker.prepareTurn`), with the hash of its control token when it has one. */
  saveTurn(turnId: string, body: string, controlTokenHash?: string): Promise<void>;
  /** A finished turn's stored text, while it is kept. */
  getTurnBody(turnId: string): Promise<string | undefined>;
  /** The same, parsed (it was checked when stored). */
  getTurn(turnId: string): Promise<SessionTurn | undefined>;
  /** The same, with the hash of its control token (absent for a turn stored without one), so only its starting client reads it. */
  getControlledTurn(turnId: string): Promise<ControlledTurn | undefined>;
  /**
   * Stores a new record as checked, unless its owner's quota for the last 24 hours is spent; an
   * existing id is never overwritten (sessions are immutable). Then sweeps: sessions unopened past
   * the retention go, and the least recently opened while all together pass the storage budget.
   */
  createSession(row: StoredSessionRow): Promise<SessionWriteOutcome>;
  /** The same for several records in one transaction (an evaluation's runs): the quota is counted as they are written, in order; one sweep after. */
  createSessions(rows: readonly StoredSessionRow[]): Promise<SessionWriteOutcome[]>;
  /** The stored text of a record, by id; noting the view. */
  readSession(id: string): Promise<SessionRead>;
  /** Its title and description, without its text; noting the view. */
  readSessionSummary(id: string): Promise<SessionSummaryRead>;
  /** Evaluations (N runs, each run a session of this store). */
  evaluations: EvaluationRows;
  /** True when a session was deleted. */
  deleteSession(id: string): Promise<boolean>;
  close(): Promise<void>;
};
