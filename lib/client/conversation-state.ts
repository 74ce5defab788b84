import { type RuntimeEvent, type RuntimeEventOf, type TurnState, type JsonValue, type Result, err, ok } from '@/lib/runtime';

/** `starting`: request sent, no event yet; `ended`: the stream is closed, for whatever reason. */
export type RunPhase = 'idle' | 'starting' | 'streaming' | 'stopping' | 'ended';

/** One turn of the conversation as this page holds it: sent, streaming, or recorded. */
export type RunState = {
  /** New per run, so that late events of an abandoned stream are ignored; 0 for recorded turns. */
  runId: number;
  phase: RunPhase;
  turnId: string | null;
  /** The user message the turn was sent with. */
  message: string;
  events: RuntimeEvent[];
  /** HTTP, stream and approval failures, in the order they happened. */
  errors: string[];
  /**
   * The finished turn as the server stored it for sharing (a session turn, checked again by the
   * server when shared), kept so the turn can still be shared after the server has let it go.
   */
  record?: unknown;
};

/**
 * A line of turns. Editing turn k's message starts a new branch that shares turns 0..k-1 with
 * its parent; the parent stays as it was and can be selected again.
 */
export type Branch = {
  id: number;
  turns: RunState[];
  /** The branch and turn index whose message was edited to start this one. */
  forkedFrom?: { branchId: number; turn: number };
};

export type ConversationState = {
  branches: Branch[];
  activeBranchId: number;
  nextBranchId: number;
};

/** What a turn sends back to continue the conversation after an earlier one. */
export type Continuation = {
  conversation: { [key: string]: JsonValue }[];
  files: Record<string, string>;
  loadedTools: string[];
};

export const IDLE_RUN: RunState = { runId: 0, phase: 'idle', turnId: null, message: '', events: [], errors: [] };

export function createConversation(turns: RunState[] = []): ConversationState {
  return { branches: [{ id: 1, turns }], activeBranchId: 1, nextBranchId: 2 };
}

/** What happened to a live run: an event arrived, Stop was asked for, or its stream closed. */
export type RunUpdate =
  | { kind: 'event'; event: RuntimeEvent }
  | { kind: 'stopping' }
  /** A failure beside the stream (a decision or Stop that did not go through): the run goes on. */
  | { kind: 'problem'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'finished' };

/** The run after `update`: the turn id from its `turn-start`, the phase its stream is in, its events and failures. */
export function advanceRun(run: RunState, update: RunUpdate): RunState {
  switch (update.kind) {
    case 'event':
      return {
        ...run,
        turnId: update.event.type === 'turn-start' ? update.event.turnId : run.turnId,
        phase: run.phase === 'starting' ? 'streaming' : run.phase,
        events: [...run.events, update.event],
      };
    case 'stopping':
      return isRunActive(run) ? { ...run, phase: 'stopping' } : run;
    case 'problem':
      return { ...run, errors: [...run.errors, update.message] };
    case 'failed':
      return { ...run, phase: 'ended', errors: [...run.errors, update.message] };
    case 'finished':
      return { ...run, phase: 'ended' };
  }
}

export function isRunActive(run: RunState): boolean {
  return run.phase === 'starting' || run.phase === 'streaming' || run.phase === 'stopping';
}

export function selectActiveBranch(conversation: ConversationState): Branch {
  return conversation.branches.find((branch) => branch.id === conversation.activeBranchId) ?? conversation.branches[0] ?? { id: 1, turns: [] };
}

/** The newest turn of the active branch, or an idle one when the conversation is empty. */
export function selectCurrentRun(conversation: ConversationState): RunState {
  return selectActiveBranch(conversation).turns.at(-1) ?? IDLE_RUN;
}

/** Every event of the active branch's turns, in order: what the timeline shows. */
export function selectConversationEvents(conversation: ConversationState): RuntimeEvent[] {
  return selectActiveBranch(conversation).turns.flatMap((turn) => turn.events);
}

/**
 * A new turn: appended to the active branch, or, when `branchAt` names an earlier turn, in a
 * new branch holding the turns before it (its parent is kept as it is).
 */
export function startTurn(conversation: ConversationState, turn: RunState, branchAt?: number): ConversationState {
  const active = selectActiveBranch(conversation);
  if (branchAt === undefined || branchAt >= active.turns.length) {
    return replaceBranch(conversation, { ...active, turns: [...active.turns, turn] });
  }
  const branch: Branch = { id: conversation.nextBranchId, turns: [...active.turns.slice(0, branchAt), turn], forkedFrom: { branchId: active.id, turn: branchAt } };
  return { branches: [...conversation.branches, branch], activeBranchId: branch.id, nextBranchId: conversation.nextBranchId + 1 };
}

/** Applies `update` to the turn of run `runId` (wherever it is); unknown run ids change nothing. */
/** Every copy of turn `turnId` (a branch repeats the turns it started from) with its stored record. */
export function keepTurnRecord(conversation: ConversationState, turnId: string, record: unknown): ConversationState {
  let changed = false;
  const branches = conversation.branches.map((branch) => {
    if (!branch.turns.some((turn) => turn.turnId === turnId && turn.record === undefined)) return branch;
    changed = true;
    return { ...branch, turns: branch.turns.map((turn) => (turn.turnId === turnId ? { ...turn, record } : turn)) };
  });
  return changed ? { ...conversation, branches } : conversation;
}

export function updateRun(conversation: ConversationState, runId: number, update: (run: RunState) => RunState): ConversationState {
  if (runId === 0) return conversation;
  let changed = false;
  const branches = conversation.branches.map((branch) => {
    const index = branch.turns.findIndex((turn) => turn.runId === runId);
    if (index === -1) return branch;
    const turns = [...branch.turns];
    const next = update(turns[index] as RunState);
    if (next === turns[index]) return branch;
    changed = true;
    turns[index] = next;
    return { ...branch, turns };
  });
  return changed ? { ...conversation, branches } : conversation;
}

export function selectBranch(conversation: ConversationState, branchId: number): ConversationState {
  return conversation.branches.some((branch) => branch.id === branchId) ? { ...conversation, activeBranchId: branchId } : conversation;
}

/**
 * What the turn after the first `upTo` turns of the active branch continues from: the
 * conversation and state the last of them returned in its `turn-end`. Nothing for the first turn.
 */
export function selectContinuation(conversation: ConversationState, upTo?: number): Result<Continuation | null, string> {
  const turns = selectActiveBranch(conversation).turns.slice(0, upTo);
  const previous = turns.at(-1);
  if (!previous) return ok(null);
  const end = previous.events.findLast((event): event is RuntimeEventOf<'turn-end'> => event.type === 'turn-end');
  const position = turns.length;
  if (!end) return err(`Turn ${position} has not ended, so there is nothing to continue from yet. Wait for it, edit it, or clear the conversation.`);
  if (!end.conversation) {
    return err(`Turn ${position} was recorded before conversations were kept, so it cannot be continued. Edit its message to re-run it, or clear the conversation.`);
  }
  const state: TurnState = end.state ?? { files: {}, loadedTools: [] };
  return ok({ conversation: end.conversation as Continuation['conversation'], files: state.files, loadedTools: state.loadedTools });
}

/** Recorded turns (a shared session's) as ended runs, one per turn id, in order. */
export function createRecordedTurns(turns: readonly { turnId: string; message: string; events: RuntimeEvent[] }[]): RunState[] {
  return turns.map((turn) => ({ runId: 0, phase: 'ended', turnId: turn.turnId, message: turn.message, events: turn.events, errors: [] }));
}

/** Events of several turns split back into turns, by turn id in order of appearance. */
export function splitEventsByTurn(events: readonly RuntimeEvent[]): { turnId: string; message: string; events: RuntimeEvent[] }[] {
  const turns = new Map<string, { turnId: string; message: string; events: RuntimeEvent[] }>();
  for (const event of events) {
    let turn = turns.get(event.turnId);
    if (!turn) {
      turn = { turnId: event.turnId, message: '', events: [] };
      turns.set(event.turnId, turn);
    }
    if (event.type === 'turn-start') turn.message = event.userMessage;
    turn.events.push(event);
  }
  return [...turns.values()];
}

function replaceBranch(conversation: ConversationState, branch: Branch): ConversationState {
  return { ...conversation, branches: conversation.branches.map((candidate) => (candidate.id === branch.id ? branch : candidate)) };
}
