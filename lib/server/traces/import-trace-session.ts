// Server-only: an app's trace stored as a session.
import { ok, err, type Result } from '@/lib/runtime';
import { convertTraceInPool, type SandboxPool } from '@/lib/sandbox/pool';
import type { SessionChecker, SessionError } from '@/lib/sessions';
import { importStoredSession, type SessionStore } from '@/lib/sessions/store';
import { recordTraceSession, type TraceFormat, type TraceNote } from '@/lib/traces';
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
 * (`recordTraceSession`), then checked and stored as any imported session.
 */
export async function importTraceSession(text: string, dependencies: ImportTraceDependencies): Promise<Result<ImportedTraceSession, SessionError>> {
  const converted = await convertTraceInPool(dependencies.pool, { kind: 'import', text });
  if (!converted.ok) return converted;
  const { session, format, notes } = converted.value;
  const recorded = await recordTraceSession(session, (request) => runTurnToEnd({ request, clientId: dependencies.clientId }, 'The imported trace'));
  if (!recorded.ok) return err({ code: 'invalid', message: recorded.error });
  const stored = await importStoredSession(JSON.stringify(recorded.value), dependencies);
  return stored.ok ? ok({ ...stored.value, format, notes }) : stored;
}
