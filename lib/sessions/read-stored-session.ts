import { err, ok, type Result } from '@/lib/runtime/result';
import { describeStorageFailure, type SessionError } from './session-error';
import { sessionIdSchema, type SessionRecord } from './session-record';
import type { SessionStore } from './session-store';

/** A stored session by id: `invalid` for a malformed id, `not-found` for an unknown one. */
export async function readStoredSession(id: string, store: SessionStore): Promise<Result<SessionRecord, SessionError>> {
  if (!sessionIdSchema.safeParse(id).success) return err({ code: 'invalid', message: `"${id.slice(0, 40)}" is not a session id.` });
  try {
    const lookup = await store.getSession(id);
    switch (lookup.kind) {
      case 'found':
        return ok(lookup.record);
      case 'missing':
        return err({ code: 'not-found', message: `No session ${id}.` });
      case 'invalid':
        return err({ code: 'storage-failed', message: `Session ${id} is stored but unreadable: ${lookup.error}` });
    }
  } catch (error) {
    return err(describeStorageFailure(error));
  }
}
