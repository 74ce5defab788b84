import { err, ok, type Result } from '@/lib/runtime';
import { readCheckedSessionRecord } from '../record/read-checked-session';
import { describeStorageFailure, type SessionError } from '../record/session-error';
import { sessionIdSchema, type SessionRecord } from '../record/session-record';
import type { SessionRead, SessionStore, SessionSummary } from './session-store';

/**
 * A stored session's text by id, as checked when it was stored: what `GET /api/sessions/<id>`
 * answers byte for byte. `invalid` for a malformed id, `not-found` for an unknown one.
 */
export function readSessionBody(id: string, store: SessionStore): Promise<Result<string, SessionError>> {
  return readById(id, async () => {
    const read = await store.readSession(id);
    return read.kind === 'found' ? { kind: 'found', value: read.body } : read;
  });
}

/**
 * A stored session by id, parsed but not validated again (it was checked when stored): for Replay,
 * Fork and Compare, which need its turns.
 */
export async function readStoredSession(id: string, store: SessionStore): Promise<Result<SessionRecord, SessionError>> {
  const body = await readSessionBody(id, store);
  if (!body.ok) return body;
  const record = readCheckedSessionRecord(JSON.parse(body.value));
  return record.ok ? record : err({ code: 'unreadable', message: `Session ${id} is stored but unreadable: ${record.error}` });
}

/** What the page of a session shows (its title and description) without reading the record. */
export function readSessionSummary(id: string, store: SessionStore): Promise<Result<SessionSummary, SessionError>> {
  return readById(id, async () => {
    const read = await store.readSessionSummary(id);
    return read.kind === 'found' ? { kind: 'found', value: read.summary } : read;
  });
}

type Lookup<T> = { kind: 'found'; value: T } | Exclude<SessionRead, { kind: 'found' }>;

/** One read of the store by a well-formed id, its outcome as a value. */
async function readById<T>(id: string, read: () => Promise<Lookup<T>>): Promise<Result<T, SessionError>> {
  if (!sessionIdSchema.safeParse(id).success) return err({ code: 'invalid', message: `"${id.slice(0, 40)}" is not a session id.` });
  try {
    const found = await read();
    switch (found.kind) {
      case 'found':
        return ok(found.value);
      case 'missing':
        return err({ code: 'not-found', message: `No session ${id}.` });
      case 'unreadable':
        return err(
          found.retry
            ? { code: 'busy', message: found.error }
            : { code: 'unreadable', message: `Session ${id} was stored by an earlier version and does not pass today's checks: ${found.error}` },
        );
    }
  } catch (error) {
    return err(describeStorageFailure(error));
  }
}
