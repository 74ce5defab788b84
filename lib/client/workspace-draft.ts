import { createConversation, isRunActive, type Branch, type ConversationState, type RunState } from './conversation-state';
import type { PlaygroundState } from './playground-state';

/**
 * What a draft keeps of the playground: every editor document, the composer, the conversation
 * with its branches and the run settings, the models chosen for side by side included. Never an
 * API key (`apiKeys` is left out), never compile answers.
 */
export type Workspace = Pick<
  PlaygroundState,
  | 'documents'
  | 'activeTab'
  | 'message'
  | 'instructions'
  | 'model'
  | 'extraModels'
  | 'requestSettings'
  | 'permissionMode'
  | 'maxIterations'
  | 'mode'
  | 'presetId'
  | 'answerByHand'
  | 'assertions'
  | 'origin'
  | 'conversation'
> & { version: 1 };

/** The line a draft gets in the history: what it is, which model, how its last turn ended. */
export type WorkspaceSummary = { title: string; model: string; outcome: string; turns: number };

/** A draft as stored: its id (one per tab's workspace), when it was saved, its summary and content. */
export type DraftEntry = { id: string; savedAt: number; summary: WorkspaceSummary; workspace: Workspace };

/** A draft's JSON above this many characters is kept without its conversation (the documents always stay). */
export const DRAFT_CHARACTER_LIMIT = 8_000_000;

export function selectWorkspace(state: PlaygroundState): Workspace {
  return {
    version: 1,
    documents: state.documents,
    activeTab: state.activeTab,
    message: state.message,
    instructions: state.instructions,
    model: state.model,
    extraModels: state.extraModels,
    requestSettings: state.requestSettings,
    permissionMode: state.permissionMode,
    maxIterations: state.maxIterations,
    mode: state.mode,
    presetId: state.presetId,
    answerByHand: state.answerByHand,
    assertions: state.assertions,
    origin: state.origin,
    conversation: state.conversation,
  };
}

/**
 * The playground with a draft's content; the keys typed in this tab stay. Restored turns get
 * negative run ids, so they never meet a new run's; a turn that was running when the page went
 * away is ended, saying so.
 */
export function applyWorkspace(state: PlaygroundState, workspace: Workspace): PlaygroundState {
  let nextRunId = -1;
  const restoreTurn = (turn: RunState): RunState => {
    const runId = turn.runId === 0 ? 0 : nextRunId--;
    if (!isRunActive(turn)) return { ...turn, runId };
    return { ...turn, runId, phase: 'ended', errors: [...turn.errors, 'The page was closed or reloaded while this turn ran; it did not finish.'] };
  };
  const branches: Branch[] = workspace.conversation.branches.map((branch) => ({ ...branch, turns: branch.turns.map(restoreTurn) }));
  return {
    ...state,
    documents: workspace.documents,
    activeTab: workspace.activeTab,
    message: workspace.message,
    instructions: workspace.instructions,
    model: workspace.model,
    extraModels: workspace.extraModels,
    requestSettings: workspace.requestSettings,
    permissionMode: workspace.permissionMode,
    maxIterations: workspace.maxIterations,
    mode: workspace.mode,
    presetId: workspace.presetId,
    answerByHand: workspace.answerByHand,
    assertions: workspace.assertions,
    origin: workspace.origin,
    conversation: { ...workspace.conversation, branches },
    problems: [],
    runRefused: false,
  };
}

/** The draft to store: within `limit` characters of JSON, dropping the conversation when it is what does not fit. */
export function createDraftEntry(options: { id: string; savedAt: number; workspace: Workspace; presetTitle?: string; limit?: number }): { entry: DraftEntry; conversationDropped: boolean } {
  const { id, savedAt, workspace, presetTitle, limit = DRAFT_CHARACTER_LIMIT } = options;
  const entry: DraftEntry = { id, savedAt, summary: describeWorkspace(workspace, presetTitle), workspace };
  if (JSON.stringify(entry).length <= limit) return { entry, conversationDropped: false };
  // The turns' kept records go first: without them the conversation is still there, only no longer shareable once the server lets its turns go.
  const withoutRecords: DraftEntry = { ...entry, workspace: { ...workspace, conversation: dropTurnRecords(workspace.conversation) } };
  if (JSON.stringify(withoutRecords).length <= limit) return { entry: withoutRecords, conversationDropped: false };
  const trimmed: Workspace = { ...workspace, conversation: createConversation() };
  return { entry: { ...entry, workspace: trimmed }, conversationDropped: true };
}

function dropTurnRecords(conversation: ConversationState): ConversationState {
  return { ...conversation, branches: conversation.branches.map((branch) => ({ ...branch, turns: branch.turns.map(({ record: _record, ...turn }) => turn) })) };
}

export function describeWorkspace(workspace: Workspace, presetTitle?: string): WorkspaceSummary {
  const turns = activeTurns(workspace.conversation);
  const firstMessage = turns[0]?.message.trim() ?? '';
  const toolName = /name:\s*['"]([^'"]+)['"]/.exec(workspace.documents.tools)?.[1];
  const title = firstMessage || presetTitle || (toolName ? `Tools: ${toolName}` : 'Untitled draft');
  return { title: title.length > 80 ? `${title.slice(0, 79)}…` : title, model: describeModel(workspace.model), outcome: describeOutcome(turns.at(-1)), turns: turns.length };
}

function activeTurns(conversation: ConversationState): RunState[] {
  return (conversation.branches.find((branch) => branch.id === conversation.activeBranchId) ?? conversation.branches[0])?.turns ?? [];
}

function describeModel(model: Workspace['model']): string {
  switch (model.provider) {
    case 'auto':
      return `embedded auto${describeWire(model.wire)}`;
    case 'scripted':
      return `embedded scripted${describeWire(model.wire)}`;
    case 'anthropic':
      return `Anthropic ${model.anthropic.model}`;
    case 'openai':
      return `OpenAI ${model.openai.model}`;
    case 'openai-compatible':
      return model.compatible.model;
    case 'gemini':
      return `Gemini ${model.gemini.model}`;
  }
}

function describeWire(wire: Workspace['model']['wire']): string {
  return wire === 'anthropic' ? ' (Anthropic format)' : wire === 'gemini' ? ' (Gemini format)' : '';
}

function describeOutcome(turn: RunState | undefined): string {
  if (!turn) return 'not run';
  const end = turn.events.findLast((event) => event.type === 'turn-end');
  if (end?.type === 'turn-end') return end.reason;
  return isRunActive(turn) ? 'running' : 'did not finish';
}
