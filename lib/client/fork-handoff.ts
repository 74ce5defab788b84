import { err, ok, type Result } from '@/lib/runtime';
import { createConversation, createRecordedTurns, selectActiveBranch, splitEventsByTurn } from './conversation-state';
import type { PlaygroundState } from './playground-state';
import type { ForkHandoff } from './readers/read-fork-handoff';

export type { ForkHandoff } from './readers/read-fork-handoff';

/** The sessionStorage key a fork of `sessionId` is handed over under. */
export const forkHandoffKey = (sessionId: string) => `playground:fork:${sessionId}`;

/** `fromTurn`: keep the first `fromTurn + 1` turns (Fork from that turn); all of them when absent. */
export function createForkHandoff(state: PlaygroundState, options: { sessionId: string; autoRun: boolean; fromTurn?: number; forkRun?: ForkHandoff['forkRun'] }): ForkHandoff {
  const turns = selectActiveBranch(state.conversation).turns;
  // A fork run keeps the turns before the one it runs again.
  const last = options.forkRun ? options.forkRun.turn - 1 : options.fromTurn;
  const kept = last === undefined ? turns : turns.slice(0, last + 1);
  return {
    sessionId: options.sessionId,
    autoRun: options.autoRun,
    documents: state.documents,
    message: state.message,
    model: state.model,
    permissionMode: state.permissionMode,
    mode: state.mode,
    maxIterations: state.maxIterations,
    instructions: state.instructions,
    answerByHand: state.answerByHand,
    events: kept.flatMap((turn) => turn.events),
    assertions: state.assertions,
    ...(options.forkRun ? { forkRun: options.forkRun } : {}),
  };
}

/**
 * Stores the handoff for this tab. A session too large for sessionStorage is handed off without
 * its events (the fork then shows an empty timeline) rather than not at all.
 */
export function writeForkHandoff(storage: Pick<Storage, 'setItem'>, handoff: ForkHandoff): Result<void, string> {
  try {
    storage.setItem(forkHandoffKey(handoff.sessionId), JSON.stringify(handoff));
    return ok(undefined);
  } catch (fullError) {
    try {
      storage.setItem(forkHandoffKey(handoff.sessionId), JSON.stringify({ ...handoff, events: [] }));
      return ok(undefined);
    } catch (error) {
      return err(`Could not hand the fork over (${String(fullError)}; without events: ${String(error)}).`);
    }
  }
}

/** The same handoff with `autoRun` cleared, so a reload of the fork does not run again. */
export function markForkHandoffRun(storage: Pick<Storage, 'setItem'>, handoff: ForkHandoff): Result<void, string> {
  return writeForkHandoff(storage, { ...handoff, autoRun: false });
}

/**
 * The playground with the handed-over editor, settings and events. The keys typed in this tab stay
 * bound to their base URLs: the fork's model gets one only if it names a base URL a key was typed for.
 */
export function applyForkHandoff(state: PlaygroundState, handoff: ForkHandoff): PlaygroundState {
  const { events } = handoff;
  return {
    ...state,
    origin: { kind: 'forked', sessionId: handoff.sessionId },
    presetId: null,
    activeTab: 'tools',
    documents: handoff.documents,
    message: handoff.message,
    model: handoff.model,
    permissionMode: handoff.permissionMode,
    mode: handoff.mode,
    maxIterations: handoff.maxIterations,
    instructions: handoff.instructions ?? '',
    answerByHand: handoff.answerByHand ?? [],
    conversation: createConversation(createRecordedTurns(splitEventsByTurn(events))),
    assertions: handoff.assertions ?? state.assertions,
    problems: [],
  };
}
