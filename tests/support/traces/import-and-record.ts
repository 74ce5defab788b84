import { runTurnToEnd } from '@/lib/server/replay';
import { prepareStoredSession, type SessionRecord } from '@/lib/sessions';
import { importTrace, recordTraceSession } from '@/lib/traces';

/** A trace imported, its turns run once through the turn path, then checked as an imported session file is. */
export async function importAndRecord(document: unknown): Promise<SessionRecord> {
  const imported = importTrace(document);
  if (!imported.ok) throw new Error(imported.reason);
  const recorded = await recordTraceSession(imported.session, (request) => runTurnToEnd({ request, clientId: 'trace-import-test' }));
  if (!recorded.ok) throw new Error(recorded.error);
  const prepared = prepareStoredSession({ kind: 'import', id: recorded.value.id, createdAt: recorded.value.createdAt, text: JSON.stringify(recorded.value) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return recorded.value;
}
