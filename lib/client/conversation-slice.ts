import type { RuntimeEvent } from '@/lib/runtime';
import {
  advanceRun,
  createConversation,
  IDLE_RUN,
  isRunActive,
  keepTurnRecord,
  selectBranch,
  selectCurrentRun,
  startTurn,
  updateRun,
  type ConversationState,
  type RunState,
} from './conversation-state';

/** The turns so far and the failures beside them. */
export type ConversationSlice = {
  /** The turns so far, in branches; the newest turn of the active branch is the current run. */
  conversation: ConversationState;
  /** Failures that belong to no turn (a request that could not be built, a fork that could not load). */
  problems: string[];
  /** The last Run did not start (its request could not be built): the status line says so, not the turn before. */
  runRefused: boolean;
};

export type ConversationAction =
  /** A new turn with `message`; `branchAt`: re-run from that earlier turn in a new branch. */
  | { type: 'run-started'; runId: number; message: string; branchAt?: number }
  | { type: 'branch-selected'; branchId: number }
  | { type: 'conversation-cleared' }
  | { type: 'run-event'; runId: number; event: RuntimeEvent }
  | { type: 'run-stopping'; runId: number }
  | { type: 'run-failed'; runId: number; message: string }
  | { type: 'run-finished'; runId: number }
  /** The server's stored record of a finished turn, kept with it to share it later. */
  | { type: 'turn-record-kept'; turnId: string; record: unknown }
  /** A failure beside the stream itself: an approval or abort request that did not go through. */
  | { type: 'problem-reported'; message: string }
  /** Run was pressed but the turn request could not be built (an invalid script, result schema or files). */
  | { type: 'run-refused'; message: string };

/** An empty conversation with nothing to report: where a new scenario starts. */
export function createConversationSlice(): ConversationSlice {
  return { conversation: createConversation(), problems: [], runRefused: false };
}

/** Returns `state` itself when nothing changed (an event for a run that is gone, a record already kept). */
export function reduceConversation(state: ConversationSlice, action: ConversationAction): ConversationSlice {
  switch (action.type) {
    case 'run-started': {
      const turn: RunState = { ...IDLE_RUN, runId: action.runId, phase: 'starting', message: action.message };
      return { ...state, problems: [], runRefused: false, conversation: startTurn(state.conversation, turn, action.branchAt) };
    }
    case 'branch-selected':
      return { ...state, conversation: selectBranch(state.conversation, action.branchId) };
    case 'conversation-cleared':
      return { ...state, ...createConversationSlice() };
    default:
      return reduceRunAction(state, action);
  }
}

function reduceRunAction(state: ConversationSlice, action: ConversationAction): ConversationSlice {
  const update = (runId: number, change: (run: RunState) => RunState): ConversationSlice => {
    const conversation = updateRun(state.conversation, runId, change);
    return conversation === state.conversation ? state : { ...state, conversation };
  };
  switch (action.type) {
    case 'run-event':
      return update(action.runId, (run) => advanceRun(run, { kind: 'event', event: action.event }));
    case 'run-stopping':
      return update(action.runId, (run) => advanceRun(run, { kind: 'stopping' }));
    case 'run-failed':
      return update(action.runId, (run) => advanceRun(run, { kind: 'failed', message: action.message }));
    case 'run-finished':
      return update(action.runId, (run) => advanceRun(run, { kind: 'finished' }));
    case 'turn-record-kept': {
      const conversation = keepTurnRecord(state.conversation, action.turnId, action.record);
      return conversation === state.conversation ? state : { ...state, conversation };
    }
    case 'problem-reported': {
      // A problem during a live turn belongs to it; otherwise it stands alone until the next run.
      const run = selectCurrentRun(state.conversation);
      if (isRunActive(run)) return update(run.runId, (current) => ({ ...current, errors: [...current.errors, action.message] }));
      return { ...state, problems: [...state.problems, action.message] };
    }
    case 'run-refused':
      // Only this refusal is shown: an earlier one was about inputs that may since have changed.
      return { ...state, problems: [action.message], runRefused: true };
    default:
      return state;
  }
}
