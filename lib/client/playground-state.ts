import type { FaultKind, ModelConfig } from '@/lib/models/model-config';
import type { PermissionMode, RuntimeEvent, TurnMode, ModelSettings as RequestModelSettings } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions/session-record';
import type { ApiKeyRing, KeyedProvider } from './api-key-ring';
import { bindApiKey } from './api-key-ring';
import type { CompileResponse } from './compile-view';
import { isRunActive } from './conversation-state';
import { hasCompileErrors } from './compile-view';
import { applyForkHandoff, type ForkHandoff } from './fork-handoff';
import {
  createConversation,
  IDLE_RUN,
  selectBranch,
  selectCurrentRun,
  startTurn,
  keepTurnRecord,
  updateRun,
  type ConversationState,
  type RunState,
} from './conversation-state';
import { createRecordedConversation, createSessionPreset, selectSessionSeed } from './session-playground';
import { applyWorkspace, type Workspace } from './workspace-draft';

/** The editor's documents: the tool module and three JSON side files. */
export type EditorTab = 'tools' | 'script' | 'result-schema' | 'files';

/** Which model a turn talks to, as the run panel's picker offers them. */
export type ModelProviderChoice = 'auto' | 'scripted' | 'openai' | 'openai-compatible';

/** A remote endpoint's settings. Its key is not here: keys are bound to a base URL (`PlaygroundState.apiKeys`). */
export type RemoteModelSettings = { model: string; baseURL: string };

/** The run panel's model form. Every provider keeps its fields so switching back loses nothing. */
export type ModelSettings = {
  provider: ModelProviderChoice;
  seed: number;
  /** Fraction of embedded-model calls that get a fault injected, 0–1. */
  faultRate: number;
  faultKinds?: FaultKind[];
  openai: RemoteModelSettings;
  compatible: RemoteModelSettings;
};

/** The newest compile answer, for the source it was computed from. */
export type CompileOutcome =
  | { kind: 'compiled'; source: string; response: CompileResponse }
  | { kind: 'failed'; source: string; message: string };

export type CompileState = {
  pending: boolean;
  latest: CompileOutcome | null;
  /** The newest response without error diagnostics: what stays visible while the source is broken. */
  lastGood: CompileResponse | null;
};

export type { RunPhase, RunState } from './conversation-state';
export type { RequestModelSettings };
export { isRunActive } from './conversation-state';

/** A preset's model: any config, or `scripted` without steps when they come from the preset's script text. */
export type PresetModelConfig = ModelConfig | { provider: 'scripted'; script?: undefined };

/** A ready-made scenario (the shape `lib/presets` exports). */
export type PlaygroundPreset = {
  id: string;
  title: string;
  summary: string;
  source: string;
  script?: string;
  model: PresetModelConfig;
  message: string;
  permissionMode: PermissionMode;
  mode: TurnMode;
  resultSchema?: string;
  files?: Record<string, string>;
  maxIterations?: number;
};

/** Where the playground's content came from: typed here, a shared session on view, or a fork of one. */
export type PlaygroundOrigin =
  | { kind: 'local' }
  | { kind: 'shared'; sessionId: string; createdAt: string; title?: string }
  | { kind: 'forked'; sessionId: string };

export type PlaygroundState = {
  origin: PlaygroundOrigin;
  documents: Record<EditorTab, string>;
  activeTab: EditorTab;
  /** The composer: the next user message. */
  message: string;
  /** The system/developer instructions every turn is sent with. */
  instructions: string;
  model: ModelSettings;
  /** `tool_choice`, `parallel_tool_calls`, temperature and output cap, sent with every turn (unset fields left out). */
  requestSettings: RequestModelSettings;
  /**
   * Keys typed in this tab, each bound to the provider and base URL it was typed for; a request
   * carries only the key bound to its own base URL. Never part of a share, a fork handoff or a draft.
   */
  apiKeys: ApiKeyRing;
  permissionMode: PermissionMode;
  maxIterations: number;
  mode: TurnMode;
  presetId: string | null;
  /** Tools (qualified names) whose calls a person answers by hand instead of running them. */
  answerByHand: string[];
  compile: CompileState;
  /** The turns so far, in branches; the newest turn of the active branch is the current run. */
  conversation: ConversationState;
  /** Failures that belong to no turn (a request that could not be built, a fork that could not load). */
  problems: string[];
  /** The last Run did not start (its request could not be built): the status line says so, not the turn before. */
  runRefused: boolean;
  /** Expectations about the conversation's tool calls, as JSON text (a list of assertions); Share stores them. */
  assertions: string;
};

export type PlaygroundAction =
  | { type: 'document-changed'; tab: EditorTab; text: string }
  | { type: 'tab-selected'; tab: EditorTab }
  | { type: 'message-changed'; message: string }
  | { type: 'instructions-changed'; instructions: string }
  | { type: 'assertions-changed'; assertions: string }
  | { type: 'model-changed'; model: Partial<ModelSettings> }
  | { type: 'request-settings-changed'; settings: RequestModelSettings }
  | { type: 'api-keys-restored'; keys: ApiKeyRing }
  /** A key typed for `provider` at `baseURL` (the base URL the form shows as it was typed). */
  | { type: 'api-key-changed'; provider: KeyedProvider; baseURL: string; key: string }
  | { type: 'permission-mode-changed'; permissionMode: PermissionMode }
  | { type: 'max-iterations-changed'; maxIterations: number }
  | { type: 'turn-mode-changed'; mode: TurnMode }
  | { type: 'answer-by-hand-toggled'; tool: string; enabled: boolean }
  | { type: 'preset-loaded'; preset: PlaygroundPreset }
  /** A stored session: its playground and its recorded turns, shown as an ended run. */
  | { type: 'session-loaded'; record: SessionRecord; origin: 'shared' | 'forked' }
  /** A fork handed over from `/s/<id>`, with the edits made there. */
  | { type: 'fork-restored'; handoff: ForkHandoff }
  /** A draft saved in this browser (a reload, or one reopened from the history). */
  | { type: 'workspace-restored'; workspace: Workspace }
  | { type: 'compile-started' }
  | { type: 'compile-succeeded'; source: string; response: CompileResponse }
  | { type: 'compile-failed'; source: string; message: string }
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

/** The current run: the newest turn of the active branch. */
export function selectRun(state: PlaygroundState): RunState {
  return selectCurrentRun(state.conversation);
}

export const DEFAULT_MAX_ITERATIONS = 8;

const EMPTY_FILES = '{\n}\n';
const EMPTY_SCRIPT = '[\n  { "text": "Hello." }\n]\n';
const EMPTY_RESULT_SCHEMA = '{\n  "type": "object",\n  "properties": {},\n  "required": [],\n  "additionalProperties": false\n}\n';

export function createInitialState(preset?: PlaygroundPreset): PlaygroundState {
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
      openai: { model: 'gpt-5-mini', baseURL: '' },
      compatible: { model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
    },
    requestSettings: {},
    apiKeys: [],
    permissionMode: 'review',
    maxIterations: DEFAULT_MAX_ITERATIONS,
    mode: 'chat',
    presetId: null,
    answerByHand: [],
    compile: { pending: false, latest: null, lastGood: null },
    conversation: createConversation(),
    problems: [],
    runRefused: false,
    assertions: '[]',
  };
  return preset ? applyPreset(blank, preset) : blank;
}

export function playgroundReducer(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  switch (action.type) {
    case 'document-changed':
      return { ...state, documents: { ...state.documents, [action.tab]: action.text } };
    case 'tab-selected':
      return { ...state, activeTab: action.tab };
    case 'message-changed':
      return { ...state, message: action.message };
    case 'instructions-changed':
      return { ...state, instructions: action.instructions };
    case 'assertions-changed':
      return { ...state, assertions: action.assertions };
    case 'model-changed':
      return { ...state, model: { ...state.model, ...action.model } };
    case 'request-settings-changed':
      return { ...state, requestSettings: action.settings };
    case 'api-keys-restored':
      return { ...state, apiKeys: action.keys };
    case 'api-key-changed':
      return { ...state, apiKeys: bindApiKey(state.apiKeys, action) };
    case 'permission-mode-changed':
      return { ...state, permissionMode: action.permissionMode };
    case 'max-iterations-changed':
      return { ...state, maxIterations: action.maxIterations };
    case 'turn-mode-changed':
      return { ...state, mode: action.mode };
    case 'answer-by-hand-toggled': {
      const others = state.answerByHand.filter((name) => name !== action.tool);
      return { ...state, answerByHand: action.enabled ? [...others, action.tool] : others };
    }
    case 'preset-loaded':
      // A preset is a new scenario: its conversation starts empty.
      return { ...applyPreset(state, action.preset), origin: { kind: 'local' }, conversation: createConversation(), problems: [], runRefused: false };
    case 'session-loaded':
      return applySessionRecord(state, action.record, action.origin);
    case 'fork-restored':
      return applyForkHandoff(state, action.handoff);
    case 'workspace-restored':
      return applyWorkspace(state, action.workspace);
    case 'compile-started':
      return { ...state, compile: { ...state.compile, pending: true } };
    case 'compile-succeeded':
      return {
        ...state,
        compile: {
          pending: false,
          latest: { kind: 'compiled', source: action.source, response: action.response },
          lastGood: hasCompileErrors(action.response) ? state.compile.lastGood : action.response,
        },
      };
    case 'compile-failed':
      return {
        ...state,
        compile: { ...state.compile, pending: false, latest: { kind: 'failed', source: action.source, message: action.message } },
      };
    case 'run-started': {
      const turn: RunState = { ...IDLE_RUN, runId: action.runId, phase: 'starting', message: action.message };
      return { ...state, problems: [], runRefused: false, conversation: startTurn(state.conversation, turn, action.branchAt) };
    }
    case 'branch-selected':
      return { ...state, conversation: selectBranch(state.conversation, action.branchId) };
    case 'conversation-cleared':
      return { ...state, conversation: createConversation(), problems: [], runRefused: false };
    default:
      return reduceRunAction(state, action);
  }
}

function reduceRunAction(state: PlaygroundState, action: PlaygroundAction): PlaygroundState {
  const update = (runId: number, change: (run: RunState) => RunState): PlaygroundState => {
    const conversation = updateRun(state.conversation, runId, change);
    return conversation === state.conversation ? state : { ...state, conversation };
  };
  switch (action.type) {
    case 'run-event':
      return update(action.runId, (run) => ({
        ...run,
        turnId: action.event.type === 'turn-start' ? action.event.turnId : run.turnId,
        phase: run.phase === 'starting' ? 'streaming' : run.phase,
        events: [...run.events, action.event],
      }));
    case 'run-stopping':
      return update(action.runId, (run) => (isRunActive(run) ? { ...run, phase: 'stopping' } : run));
    case 'run-failed':
      return update(action.runId, (run) => ({ ...run, phase: 'ended', errors: [...run.errors, action.message] }));
    case 'run-finished':
      return update(action.runId, (run) => ({ ...run, phase: 'ended' }));
    case 'turn-record-kept': {
      const conversation = keepTurnRecord(state.conversation, action.turnId, action.record);
      return conversation === state.conversation ? state : { ...state, conversation };
    }
    case 'problem-reported': {
      // A problem during a live turn belongs to it; otherwise it stands alone until the next run.
      const run = selectRun(state);
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

/** Assertions as the editor shows them: one per line inside the list, so a long list stays readable. */
export function formatAssertions(assertions: readonly unknown[]): string {
  return assertions.length === 0 ? '[]' : `[\n${assertions.map((assertion) => `  ${JSON.stringify(assertion)}`).join(',\n')}\n]`;
}

function applySessionRecord(state: PlaygroundState, record: SessionRecord, origin: 'shared' | 'forked'): PlaygroundState {
  const loaded = applyPreset(state, createSessionPreset(record));
  return {
    ...loaded,
    presetId: null,
    model: { ...loaded.model, seed: selectSessionSeed(record) ?? loaded.model.seed },
    origin:
      origin === 'shared'
        ? { kind: 'shared', sessionId: record.id, createdAt: record.createdAt, ...(record.title ? { title: record.title } : {}) }
        : { kind: 'forked', sessionId: record.id },
    message: '',
    instructions: record.playground.instructions ?? '',
    requestSettings: record.playground.modelSettings ?? {},
    answerByHand: record.playground.answerByHand ?? [],
    conversation: createRecordedConversation(record),
    problems: [],
    runRefused: false,
    assertions: formatAssertions(record.assertions ?? []),
  };
}

function applyPreset(state: PlaygroundState, preset: PlaygroundPreset): PlaygroundState {
  const config = preset.model;
  const script =
    preset.script ??
    (config.provider === 'scripted' && config.script ? `${JSON.stringify(config.script, null, 2)}\n` : state.documents.script);
  return {
    ...state,
    presetId: preset.id,
    activeTab: 'tools',
    documents: {
      tools: preset.source,
      script,
      'result-schema': preset.resultSchema ?? state.documents['result-schema'],
      files: `${JSON.stringify(preset.files ?? {}, null, 2)}\n`,
    },
    message: preset.message,
    model: applyModelConfig(state.model, config),
    permissionMode: preset.permissionMode,
    mode: preset.mode,
    maxIterations: preset.maxIterations ?? DEFAULT_MAX_ITERATIONS,
  };
}

function applyModelConfig(settings: ModelSettings, config: PresetModelConfig): ModelSettings {
  switch (config.provider) {
    case 'auto':
      return {
        ...settings,
        provider: 'auto',
        seed: config.seed ?? settings.seed,
        faultRate: config.faults?.rate ?? 0,
        faultKinds: config.faults?.kinds,
      };
    case 'scripted':
      return { ...settings, provider: 'scripted' };
    case 'openai':
      return {
        ...settings,
        provider: 'openai',
        openai: { ...settings.openai, model: config.model, baseURL: config.baseURL ?? '' },
      };
    case 'openai-compatible':
      return {
        ...settings,
        provider: 'openai-compatible',
        compatible: { ...settings.compatible, model: config.model, baseURL: config.baseURL },
      };
    case 'tape':
      // A tape only replays a recorded session; a preset that carries one runs on the seeded model instead.
      return { ...settings, provider: 'auto' };
  }
}
