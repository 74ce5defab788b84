import type { FinishedTurn } from '@/lib/contract';
import { err, ok, type Result, type RuntimeEventOf } from '@/lib/runtime';
import type { SessionRecord, SessionTurn } from '@/lib/sessions';

/** Why a turn of the trace could not be run: the message, and the status the turn path refused it with, when it did (429: the visitor's turn slots are taken). */
export type TraceTurnFailure = { message: string; status?: number };

/** Runs one turn request to its end on the server's turn path (`runTurnToEnd` in `@/lib/server/replay`). */
export type TraceTurnRunner = (request: SessionTurn['request']) => Promise<Result<FinishedTurn, TraceTurnFailure>>;

/**
 * An imported trace's session with each turn run once through the runtime: the scripted model
 * answers what the app's model answered and the module answers the recorded results, so the turn's
 * tape (in our wire format) and events are what the runtime did with that run. Each turn after the
 * first continues from the one before as a playground conversation does (its `conversation`, files
 * and loaded tools from the `turn-end`), so a replay of the result is identical turn by turn.
 */
export async function recordTraceSession(session: SessionRecord, runTurn: TraceTurnRunner): Promise<Result<SessionRecord, TraceTurnFailure>> {
  const turns: SessionTurn[] = [];
  for (const [index, turn] of session.turns.entries()) {
    const previous = turns[index - 1];
    const end = previous?.events.findLast((event): event is RuntimeEventOf<'turn-end'> => event.type === 'turn-end');
    if (previous && !end?.conversation) return err({ message: `Turn ${index} of the imported trace ended without a conversation to continue from.` });
    const request: SessionTurn['request'] = end?.conversation
      ? { ...turn.request, conversation: end.conversation, files: end.state?.files ?? {}, ...(end.state && end.state.loadedTools.length > 0 ? { loadedTools: end.state.loadedTools } : {}) }
      : turn.request;
    const finished = await runTurn(request);
    if (!finished.ok) return err({ ...finished.error, message: `Turn ${index + 1} of the imported trace could not be run: ${finished.error.message}` });
    const { tape, events, approvals, outputs } = finished.value;
    turns.push({ ...turn, request, tape, events, approvals, outputs });
  }
  return ok({ ...session, turns });
}
