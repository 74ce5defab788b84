// Server-only: an app's trace stored as a session.
import { ok, err, type Result } from '@/lib/runtime';
import { convertTraceInPool, type SandboxPool } from '@/lib/sandbox/pool';
import type { SessionChecker, SessionError } from '@/lib/sessions';
import { importStoredSession, type SessionStore } from '@/lib/sessions/store';
import { APP_RAN_APPROVAL, noteAppDifferences, recordTraceSession, type TraceFormat, type TraceNote } from '@/lib/traces';
import { runTurnToEnd } from '@/lib/server/replay';

/** What an imported trace answers: its new session, the format it was read as, and what did not carry over. */
export type ImportedTraceSession = { id: string; url: string; format: TraceFormat; notes: TraceNote[] };

export type ImportTraceDependencies = {
  store: SessionStore;
  checker: SessionChecker;
  pool: SandboxPool;
  owner?: string;
  /** Whose turn slots the recording run takes: the importing visitor's address, like their own turns and replays. */
  clientId: string;
};

/**
 * A trace's text → a stored session: read and built into a session in a sandbox worker
 * (`importTrace`), each turn run once on the server's turn path with the recorded answers
 * (`recordTraceSession`; the gate's questions approved as the app ran the calls), each call the
 * runtime decided otherwise about than the app marked (`noteAppDifferences`), then checked and
 * stored as any imported session.
 */
export async function importTraceSession(text: string, dependencies: ImportTraceDependencies): Promise<Result<ImportedTraceSession, SessionError>> {
  const converted = await convertTraceInPool(dependencies.pool, { kind: 'import', text });
  if (!converted.ok) return converted;
  const { session, format, notes, appCalls } = converted.value;
  const recorded = await recordTraceSession(session, (request) => runTurnToEnd({ request, clientId: dependencies.clientId, standingApproval: APP_RAN_APPROVAL }, 'The imported trace'));
  // Refused by the turn path (the visitor's turn slots taken, the sandbox full): a limit to retry, not a bad trace.
  if (!recorded.ok) return err({ code: recorded.error.status === 429 ? 'quota' : recorded.error.status === 503 ? 'busy' : 'invalid', message: recorded.error.message });
  const noted = noteAppDifferences(recorded.value, appCalls);
  const stored = await importStoredSession(JSON.stringify(noted.session), dependencies);
  return stored.ok ? ok({ ...stored.value, format, notes: [...notes, ...noted.notes] }) : stored;
}
