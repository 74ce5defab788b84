import { ok, type Result } from '@/lib/runtime/result';
import { compactSessionRecord, type StoredSessionRecord } from './compact-session-record';
import { readStoredSession } from './read-stored-session';
import type { SessionError } from './session-error';
import type { SessionStore } from './session-store';

/**
 * A stored session by id, validated and upgraded like `readStoredSession`, in its stored form
 * (each distinct text once): what `GET /api/sessions/<id>` answers and `/s/<id>` hands the browser,
 * which expands it with `migrateSessionRecord`.
 */
export async function readCompactSession(id: string, store: SessionStore): Promise<Result<StoredSessionRecord, SessionError>> {
  const record = await readStoredSession(id, store);
  return record.ok ? ok(compactSessionRecord(record.value)) : record;
}
