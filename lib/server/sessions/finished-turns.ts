// Server-only: keeps finished turns so a later Share can reference them by turn id.
import type { FinishedTurn } from '@/lib/contract';
import { getSessionChecker, getSessionStore } from './get-session-store';
import type { SessionChecker } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';

/**
 * Stores a finished turn, checked in a sandbox worker (secrets removed, validated, bounded). Never
 * rejects: the turn already ended for the user, so a failure is logged and only means this turn
 * cannot be shared.
 */
export async function saveFinishedTurn(turn: FinishedTurn, dependencies: { store?: SessionStore; checker?: SessionChecker } = {}): Promise<void> {
  const { turnId, request, tape, mcp, approvals, outputs, elicitations, events, controlTokenHash } = turn;
  // The MCP side and the answers to its questions go with the turn: a replay or fork answers server calls from them, without the server.
  const prepared = await (dependencies.checker ?? getSessionChecker()).prepareTurn({ turnId, request, tape, ...(mcp ? { mcp } : {}), approvals, outputs, ...(elicitations ? { elicitations } : {}), events });
  if (!prepared.ok) {
    console.error(`Turn ${turnId} was not stored for sharing: ${prepared.error}`);
    return;
  }
  try {
    await (dependencies.store ?? (await getSessionStore())).saveTurn(turnId, prepared.value, controlTokenHash);
  } catch (error) {
    console.error(`Turn ${turnId} was not stored for sharing:`, error);
  }
}
