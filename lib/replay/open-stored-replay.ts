import { type RuntimeEvent, ok, type Result } from '@/lib/runtime';
import type { SessionError } from '@/lib/sessions';
import { createSessionReplay, type ReplayStep, type SessionReplay } from './create-session-replay';
import { parseStoredSession, type StoredSessionText } from './use-stored-session-text';

/**
 * A replay whose record is held where it was parsed (a sandbox worker), driven one turn at a time:
 * the caller runs `step`'s turn, hands its events to `advance`, and gets the next step back.
 */
export type HeldReplay = {
  step: ReplayStep;
  advance(replayed: Result<RuntimeEvent[], string>): Promise<Result<ReplayStep, SessionError>>;
  /** Lets go of the record; called once, whether the replay finished or not. */
  close(): void;
};

/** Opens a replay of a stored record's text where it may be parsed (the server injects its sandbox pool). */
export type ReplayOpener = (session: StoredSessionText) => Promise<Result<HeldReplay, SessionError>>;

/** A stored record's text parsed (not validated again: it was checked when stored) into a replay. */
export function openStoredReplay(session: StoredSessionText): Result<SessionReplay, SessionError> {
  const record = parseStoredSession(session);
  return record.ok ? ok(createSessionReplay(record.value)) : record;
}
