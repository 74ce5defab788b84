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
  if (!prepared.ok) return prepared;
  let outcome: SessionWriteOutcome;
  try {
    outcome = await dependencies.store.createSession({ ...prepared.value, ...(dependencies.owner ? { owner: dependencies.owner } : {}) });
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  if (outcome.kind === 'over-quota') {
    const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);
    return err({
      code: 'quota',
      message: `Your address has stored ${megabytes(outcome.usedBytes)} MB of sessions in the last 24 hours; this one (${megabytes(prepared.value.bytes)} MB) would pass the limit of ${megabytes(outcome.quotaBytes)} MB a day.`,
    });
  }
  return ok({ id: prepared.value.id, url: formatSessionUrl(prepared.value.id) });
}
