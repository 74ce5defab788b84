// The page's state as components see it: the reducer and its state, conversations, keys bound to base
// URLs, turn and fork requests, drafts' shape, share files, copied exchange code. Browser-only. Its
// subfolders have faces of their own: api/, compile/, drafts/, arguments/, readers/ (loaded lazily).
export { bindApiKey, describeDestination, findApiKey, readSessionApiKeys, writeSessionApiKeys } from './api-key-ring';
export type { ApiKeyRing, KeyedProvider } from './api-key-ring';
export { buildKeptSessionFile } from './build-kept-session-file';
export { buildTurnRequest, selectCurrentFiles } from './build-turn-request';
export type { TurnRequest, TurnTarget } from './build-turn-request';
export { buildSideBySideRequests } from './build-side-by-side-requests';
export type { ColumnRequest } from './build-side-by-side-requests';
export { selectActiveBranch } from './conversation-state';
export type { ConversationState, RunState } from './conversation-state';
export { createEmittedTexts } from './create-emitted-texts';
export type { EmittedTexts } from './create-emitted-texts';
export { buildForkBody, selectForkEdits } from './fork-edits';
export type { ForkRun } from './fork-edits';
export { createForkHandoff, markForkHandoffRun, writeForkHandoff } from './fork-handoff';
export type { ForkHandoff } from './fork-handoff';
export { describeModelConfig } from './describe-model-config';
export { isSideBySide, selectModelConfigs } from './model-configs-slice';
export type { ModelConfigsAction, ModelConfigsSlice } from './model-configs-slice';
export { canKeepColumn, isSideBySideActive, selectColumnPlayground } from './side-by-side-slice';
export type { SideBySideColumn, SideBySideRun } from './side-by-side-slice';
export { createInitialState, isAnyRunActive, isRunActive, playgroundReducer, selectRun } from './playground-state';
export type { CompileState, EditorTab, ModelProviderChoice, ModelSettings, PlaygroundAction, PlaygroundOrigin, PlaygroundPreset, PlaygroundState, RemoteModelSettings, RequestModelSettings } from './playground-state';
export { selectSendingProvider } from './settings-slice';
export type { SendingProvider } from './settings-slice';
export { buildSessionPlayground, selectShareableTurnIds, toAbsoluteUrl } from './session-playground';
export { DRAFT_CHARACTER_LIMIT, createDraftEntry, selectWorkspace } from './workspace-draft';
