import { err, ok, type Result } from '@/lib/runtime';
import { readStoredSession } from '@/lib/sessions/read-stored-session';
import { replaySession, type ReplayReport, type ReplayTurnRunner } from '../replay-session';
import type { SessionError } from '@/lib/sessions/session-error';
import type { SessionStore } from '@/lib/sessions/session-store';

/** Replay by id: loads the session, re-runs each turn on its tape, reports the differences. */
export async function replayStoredSession(
  id: string,
  dependencies: { store: SessionStore; runTurnOnTape: ReplayTurnRunner },
): Promise<Result<ReplayReport, SessionError>> {
  const record = await readStoredSession(id, dependencies.store);
  if (!record.ok) return err(record.error);
  return ok(await replaySession(record.value, dependencies.runTurnOnTape));
}
