import { DEFAULT_GEMINI_MODEL } from './playground-schemas';
import type { ModelSettings as RequestModelSettings } from '@/lib/runtime';
import { reduceCompile, type CompileAction, type CompileSlice } from '@/lib/client/compile';
import { createConversationSlice, reduceConversation, type ConversationAction, type ConversationSlice } from './conversation-slice';
import { isRunActive, selectCurrentRun, type RunState } from './conversation-state';
import { reduceEditor, type EditorAction, type EditorSlice } from './editor-slice';
import { applyPreset, DEFAULT_MAX_ITERATIONS, reduceScenario, type PlaygroundPreset, type ScenarioAction, type ScenarioSlice } from './scenario-slice';
import { DEFAULT_ANTHROPIC_MODEL, reduceSettings, type SettingsAction, type SettingsSlice } from './settings-slice';
import { reduceMcpSources, type McpSourcesAction, type McpSourcesSlice } from './mcp';
import { reduceModelConfigs, type ModelConfigsAction, type ModelConfigsSlice } from './model-configs-slice';
import { closeSideBySide, isSideBySideActive, reduceSideBySide, type SideBySideAction, type SideBySideSlice } from './side-by-side-slice';

export type { CompileOutcome, CompileState } from '@/lib/client/compile';
export type { RunPhase, RunState } from './conversation-state';
export type { EditorTab } from './editor-slice';
export type { PlaygroundOrigin, PlaygroundPreset, PresetModelConfig } from './scenario-slice';
export type { ModelProviderChoice, ModelSettings, RemoteModelSettings } from './settings-slice';
export type { RequestModelSettings };
export { isRunActive } from './conversation-state';
export { DEFAULT_MAX_ITERATIONS, formatAssertions } from './scenario-slice';

/** The page's state: one slice a job, each with its own reducer (combined in `playgroundReducer`). */
export type PlaygroundState = ScenarioSlice & EditorSlice & SettingsSlice & ModelConfigsSlice & CompileSlice & ConversationSlice & SideBySideSlice & McpSourcesSlice;

export type PlaygroundAction = EditorAction | SettingsAction | ModelConfigsAction | CompileAction | ConversationAction | SideBySideAction | ScenarioAction | McpSourcesAction;

/** Whether a turn of this page is streaming: the current run or a side-by-side column. */
export function isAnyRunActive(state: PlaygroundState): boolean {
  return isRunActive(selectRun(state)) || isSideBySideActive(state.sideBySide);
}

/** The current run: the newest turn of the active branch. */
export function selectRun(state: PlaygroundState): RunState {
  return selectCurrentRun(state.conversation);
}

const EMPTY_FILES = '{\n}\n';
const EMPTY_SCRIPT = '[\n  { "text": "Hello." }\n]\n';
const EMPTY_RESULT_SCHEMA = '{\n  "type": "object",\n  "properties": {},\n  "required": [],\n  "additionalProperties": false\n}\n';

export function createInitialState(preset?: PlaygroundPreset): PlaygroundState {
  const { conversation, problems, runRefused } = createConversationSlice();
  const blank: PlaygroundState = {
    origin: { kind: 'local' },
    documents: { tools: '', script: EMPTY_SCRIPT, 'result-schema': EMPTY_RESULT_SCHEMA, files: EMPTY_FILES },
    activeTab: 'tools',
    message: '',
    instructions: '',
    model: {
      provider: 'auto',
      seed: 1,
      faultRate: 0,
      wire: 'openai',
      openai: { model: 'gpt-5-mini', baseURL: '' },
      compatible: { model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
      anthropic: { model: DEFAULT_ANTHROPIC_MODEL, baseURL: '' },
      gemini: { model: DEFAULT_GEMINI_MODEL, baseURL: '' },
    },
    extraModels: [],
    requestSettings: {},
    apiKeys: [],
    permissionMode: 'review',
    maxIterations: DEFAULT_MAX_ITERATIONS,
    mode: 'chat',
    presetId: null,
    answerByHand: [],
    compile: { pending: false, latest: null, lastGood: null },
    conversation,
    problems,
    runRefused,
    sideBySide: null,
    assertions: '[]',
    mcpServers: [],
  };
  return preset ? applyPreset(blank, preset) : blank;
}

/** The one place the slices meet: each action goes to the slice that owns it. */
export function playgroundReducer(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  switch (action.type) {
    case 'document-changed':
    case 'tab-selected':
    case 'message-changed':
    case 'instructions-changed':
    case 'assertions-changed':
      return withSlice(state, reduceEditor(state, action));
    case 'model-changed':
    case 'request-settings-changed':
    case 'api-keys-restored':
    case 'api-key-changed':
    case 'permission-mode-changed':
    case 'max-iterations-changed':
    case 'turn-mode-changed':
    case 'answer-by-hand-toggled':
      return withSlice(state, reduceSettings(state, action));
    case 'compile-started':
    case 'compile-succeeded':
    case 'compile-failed':
      return withSlice(state, reduceCompile(state, action));
    case 'model-config-added':
    case 'model-config-removed':
    case 'model-config-changed':
      return withSlice(state, reduceModelConfigs(state, action));
    case 'side-by-side-started':
    case 'column-updated':
    case 'column-kept':
    case 'side-by-side-closed':
      return withSlice(state, reduceSideBySide(state, action));
    case 'conversation-cleared': {
      // The columns' message goes back to the composer rather than vanishing with them.
      const closed = closeSideBySide(state);
      return withSlice(closed, reduceConversation(closed, action));
    }
    case 'run-started':
    case 'branch-selected':
    case 'run-event':
    case 'run-stopping':
    case 'run-failed':
    case 'run-finished':
    case 'turn-record-kept':
    case 'problem-reported':
    case 'run-refused':
      return withSlice(state, reduceConversation(state, action));
    case 'preset-loaded':
    case 'session-loaded':
    case 'fork-restored':
    case 'workspace-restored':
      return reduceScenario(closeSideBySide(state), action);
    case 'mcp-servers-restored':
    case 'mcp-server-added':
    case 'mcp-server-removed':
    case 'mcp-connect-started':
    case 'mcp-connect-succeeded':
    case 'mcp-connect-failed':
    case 'mcp-disconnected':
    case 'mcp-namespace-changed':
    case 'mcp-server-included':
    case 'mcp-server-defaults-changed':
    case 'mcp-tool-choice-changed':
      return withSlice(state, reduceMcpSources(state, action));
    default:
      return state;
  }
}

/** A slice's answer merged back; the same state when the slice kept its own. */
function withSlice<Slice extends object>(state: PlaygroundState, slice: Slice): PlaygroundState {
  return slice === state ? state : { ...state, ...slice };
}
