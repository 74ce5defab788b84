import type { FinishedTurn } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import type { SessionRecord, SessionTurn } from '@/lib/sessions';

/** Runs one turn request to its end on the server's turn path (`runTurnToEnd` in `@/lib/server/replay`). */
export type TraceTurnRunner = (request: SessionTurn['request']) => Promise<Result<FinishedTurn, string>>;

/**
 * An imported trace's session with each turn run once through the runtime: the scripted model
 * answers what the app's model answered and the module answers the recorded results, so the turn's
 * tape (in our wire format) and events are what the runtime did with that run. A replay of the
 * result is identical, since it runs the same turn on that tape.
 */
export async function recordTraceSession(session: SessionRecord, runTurn: TraceTurnRunner): Promise<Result<SessionRecord, string>> {
  const turns: SessionTurn[] = [];
  for (const [index, turn] of session.turns.entries()) {
    const finished = await runTurn(turn.request);
    if (!finished.ok) return err(`Turn ${index + 1} of the imported trace could not be run: ${finished.error}`);
    const { tape, events, approvals, outputs } = finished.value;
    turns.push({ ...turn, tape, events, approvals, outputs });
  }
  return ok({ ...session, turns });
}
