import { runTurnToEnd } from '@/lib/server/replay';
import { prepareStoredSession, type SessionRecord } from '@/lib/sessions';
import { APP_RAN_APPROVAL, importTrace, noteAppDifferences, recordTraceSession } from '@/lib/traces';

/** A trace imported as the server imports one (its turns run once through the turn path, the app's differences noted), then checked as an imported session file is. */
export async function importAndRecord(document: unknown): Promise<SessionRecord> {
  const imported = importTrace(document);
  if (!imported.ok) throw new Error(imported.reason);
  const recorded = await recordTraceSession(imported.session, (request) => runTurnToEnd({ request, clientId: 'trace-import-test', standingApproval: APP_RAN_APPROVAL }));
  if (!recorded.ok) throw new Error(recorded.error.message);
  const { session } = noteAppDifferences(recorded.value, imported.appCalls);
  const prepared = prepareStoredSession({ kind: 'import', id: session.id, createdAt: session.createdAt, text: JSON.stringify(session) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return session;
}
