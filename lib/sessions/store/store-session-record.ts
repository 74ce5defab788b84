import { err, ok, type Result } from '@/lib/runtime';
import { createSessionId, formatSessionUrl } from '../record/create-session-id';
import type { PreparedSession } from '../record/prepare-stored-session';
import type { SessionChecker } from '../record/session-checker';
import { describeStorageFailure, type SessionError } from '../record/session-error';
import type { SessionStore, SessionWriteOutcome } from './session-store';

export type StoreSessionDependencies = {
  store: SessionStore;
  /** Where the record is checked: the sandbox worker pool on the server. */
  checker: SessionChecker;
  /** Whose storage quota the session counts against (a hash of the writer's address). */
  owner?: string;
  now?: () => number;
  createId?: () => string;
};

/** Where a stored session can be fetched and opened. */
export type SessionLink = { id: string; url: string };

/** A fresh id and creation time for a new session. */
export function createSessionIdentity(dependencies: Pick<StoreSessionDependencies, 'now' | 'createId'>): { id: string; createdAt: string } {
  return { id: (dependencies.createId ?? createSessionId)(), createdAt: new Date((dependencies.now ?? Date.now)()).toISOString() };
}

/**
 * Import: an exported file's text (any known version, texts inline or referenced), checked in the
 * checker's worker (parsed there: the HTTP thread only counted its values) and stored as a NEW
 * session under a fresh id.
 */
export async function importStoredSession(text: string, dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>> {
  const prepared = await dependencies.checker.prepareSession({ kind: 'import', text, ...createSessionIdentity(dependencies) });
  return storePreparedSession(prepared, dependencies);
}

/** Writes a checked record in one transaction; a check's refusal is answered as it is. */
export async function storePreparedSession(prepared: Result<PreparedSession, SessionError>, dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>> {
  const [stored] = await storePreparedSessions([prepared], dependencies);
  return stored ?? err({ code: 'storage-failed', message: 'The session store answered nothing.' });
}

/** Writes the checked records of a batch (an evaluation's runs) in one transaction, in order; one answer per record, a refusal as it is. */
export async function storePreparedSessions(prepared: readonly Result<PreparedSession, SessionError>[], dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>[]> {
  const rows = prepared.flatMap((entry) => (entry.ok ? [{ ...entry.value, ...(dependencies.owner ? { owner: dependencies.owner } : {}) }] : []));
  let outcomes: SessionWriteOutcome[];
  try {
    outcomes = rows.length > 0 ? await dependencies.store.createSessions(rows) : [];
  } catch (error) {
    const failure = describeStorageFailure(error);
    return prepared.map((entry) => (entry.ok ? err(failure) : entry));
  }
  let written = 0;
  return prepared.map((entry) => {
    if (!entry.ok) return entry;
    const outcome = outcomes[written];
    written += 1;
    if (outcome?.kind !== 'stored') return err(describeWriteRefusal(outcome, entry.value));
    return ok({ id: entry.value.id, url: formatSessionUrl(entry.value.id) });
  });
}

function describeWriteRefusal(outcome: Exclude<SessionWriteOutcome, { kind: 'stored' }> | undefined, prepared: PreparedSession): SessionError {
  if (!outcome) return { code: 'storage-failed', message: 'The session store answered no outcome for this session.' };
  const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);
  return {
    code: 'quota',
    message: `Your address has stored ${megabytes(outcome.usedBytes)} MB of sessions in the last 24 hours; this one (${megabytes(prepared.bytes)} MB) would pass the limit of ${megabytes(outcome.quotaBytes)} MB a day.`,
  };
}
