// Server-only: keeps finished turns so a later Share can reference them by turn id.
import type { FinishedTurn } from '@/lib/server/stream-turn';
import { getSessionStore } from './get-session-store';
import { prepareSessionTurn } from './session-record';
import type { SessionStore } from './session-store';

/**
 * Stores a finished turn (secrets removed, validated). Never rejects: the turn already ended for
 * the user, so a storage failure is logged and only means this turn cannot be shared.
 */
export async function saveFinishedTurn(turn: FinishedTurn, store?: SessionStore): Promise<void> {
  const prepared = prepareSessionTurn({ turnId: turn.turnId, request: turn.request, tape: turn.tape, approvals: turn.approvals, outputs: turn.outputs, events: turn.events });
  if (!prepared.ok) {
    console.error(`Turn ${turn.turnId} was not stored for sharing: ${prepared.error}`);
    return;
  }
  try {
    await (store ?? (await getSessionStore())).saveTurn(prepared.value);
  } catch (error) {
    console.error(`Turn ${turn.turnId} was not stored for sharing:`, error);
  }
}
