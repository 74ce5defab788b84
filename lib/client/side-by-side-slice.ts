import { advanceRun, IDLE_RUN, isRunActive, selectActiveBranch, startTurn, type RunState, type RunUpdate } from './conversation-state';
import type { ConversationSlice } from './conversation-slice';
import type { EditorSlice } from './editor-slice';
import type { ModelSettings } from './settings-slice';

/** One configuration's column: its own turn, sent with the same message and tools as its neighbours. */
export type SideBySideColumn = { settings: ModelSettings; run: RunState };

/**
 * One message sent to several configurations at once, each a column, until one is kept as the
 * conversation. `earlierTurns`: how many turns of the conversation each column continues, so a
 * column's turn is numbered after them.
 */
export type SideBySideRun = { message: string; earlierTurns: number; columns: SideBySideColumn[] };

export type SideBySideSlice = {
  /** The side-by-side send on screen; null when the timeline shows the conversation alone. */
  sideBySide: SideBySideRun | null;
};

export type SideBySideAction =
  | { type: 'side-by-side-started'; message: string; columns: { settings: ModelSettings; runId: number }[] }
  | { type: 'column-updated'; runId: number; update: RunUpdate }
  /** The column whose turn becomes the conversation's next turn; the other columns are let go. */
  | { type: 'column-kept'; runId: number }
  /** Closes the columns without keeping one: their message goes back to an empty composer. */
  | { type: 'side-by-side-closed' };

type SideBySideState = SideBySideSlice & ConversationSlice & Pick<EditorSlice, 'message'>;

export function reduceSideBySide(state: SideBySideState, action: SideBySideAction): SideBySideState {
  switch (action.type) {
    case 'side-by-side-started': {
      const columns = action.columns.map(({ settings, runId }) => ({ settings, run: { ...IDLE_RUN, runId, phase: 'starting' as const, message: action.message } }));
      const earlierTurns = selectActiveBranch(state.conversation).turns.length;
      return { ...state, problems: [], runRefused: false, sideBySide: { message: action.message, earlierTurns, columns } };
    }
    case 'column-updated': {
      const { sideBySide } = state;
      if (!sideBySide?.columns.some((column) => column.run.runId === action.runId)) return state;
      const columns = sideBySide.columns.map((column) => (column.run.runId === action.runId ? { ...column, run: advanceRun(column.run, action.update) } : column));
      return { ...state, sideBySide: { ...sideBySide, columns } };
    }
    case 'column-kept': {
      const column = state.sideBySide?.columns.find((candidate) => candidate.run.runId === action.runId);
      if (!column || !canKeepColumn(column)) return state;
      return { ...state, sideBySide: null, conversation: startTurn(state.conversation, column.run) };
    }
    case 'side-by-side-closed':
      return closeSideBySide(state);
  }
}

/** Lets the columns go; their message returns to the composer unless something new was typed there. */
export function closeSideBySide<State extends SideBySideState>(state: State): State {
  if (!state.sideBySide) return state;
  const message = state.message.trim() === '' ? state.sideBySide.message : state.message;
  return { ...state, sideBySide: null, message };
}

/** A column can become the conversation once its turn ended with a `turn-end` (the conversation continues from it). */
export function canKeepColumn(column: SideBySideColumn): boolean {
  return !isRunActive(column.run) && column.run.events.some((event) => event.type === 'turn-end');
}

/** Whether any column's stream is still open. */
export function isSideBySideActive(sideBySide: SideBySideRun | null): boolean {
  return sideBySide?.columns.some((column) => isRunActive(column.run)) ?? false;
}

/**
 * The playground as if `column` had been kept: its configuration as the model and its turn after
 * the conversation so far. What Share stores for that column alone (a normal session).
 */
export function selectColumnPlayground<State extends SideBySideState & { model: ModelSettings }>(state: State, column: SideBySideColumn): State {
  return { ...state, model: column.settings, sideBySide: null, conversation: startTurn(state.conversation, column.run) };
}
