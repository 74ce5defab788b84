import { isPlainObject } from '@/lib/runtime/json';
import { err, ok, type Result } from '@/lib/runtime/result';
import { compactSessionRecord } from './compact-session-record';
import { createSessionId, formatSessionUrl } from './create-session-id';
import { describeStorageFailure, type SessionError } from './session-error';
import { measureUtf8Bytes, SESSION_LIMITS } from './session-limits';
import { prepareSessionRecord, SESSION_RECORD_VERSION } from './session-record';
import type { SessionStore } from './session-store';

export type StoreSessionDependencies = {
  store: SessionStore;
  now?: () => number;
  createId?: () => string;
};

/** Where a stored session can be fetched and opened. */
export type SessionLink = { id: string; url: string };

/**
 * Stores `candidate` (any record version, texts inline or referenced) as a NEW session: a fresh id
 * and creation time, secrets removed, validated, compacted (each distinct text once), size-checked
 * as compacted, written in one transaction. Shared by Share and Import.
 */
export async function storeSessionRecord(
  candidate: Record<string, unknown>,
  dependencies: StoreSessionDependencies & { secrets?: readonly string[] },
): Promise<Result<SessionLink, SessionError>> {
  const id = (dependencies.createId ?? createSessionId)();
  const createdAt = new Date((dependencies.now ?? Date.now)()).toISOString();
  const record = prepareSessionRecord({ ...candidate, version: candidate.version ?? SESSION_RECORD_VERSION, id, createdAt }, dependencies.secrets);
  if (!record.ok) return err({ code: 'invalid', message: record.error });
  const stored = compactSessionRecord(record.value);
  const bytes = measureUtf8Bytes(JSON.stringify(stored));
  if (bytes > SESSION_LIMITS.recordBytes) {
    return err({ code: 'too-large', message: `The session is ${bytes} bytes as stored; the limit is ${SESSION_LIMITS.recordBytes} bytes.` });
  }
  try {
    await dependencies.store.createSession(stored);
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  return ok({ id, url: formatSessionUrl(id) });
}

/** Import: any known version of an exported record, stored as a new session (the file's id is ignored). */
export async function importSessionRecord(raw: unknown, dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>> {
  if (!isPlainObject(raw)) return err({ code: 'invalid', message: 'An imported session must be a JSON object.' });
  if (raw.version === undefined) return err({ code: 'invalid', message: 'The file has no "version": is it an exported session?' });
  return storeSessionRecord(raw, dependencies);
}
