import type { EmbeddedWire, ModelConfig } from '@/lib/contract';
import type { PermissionMode, TurnMode } from '@/lib/runtime';
import type { SessionRecord } from '@/lib/sessions';
import { createConversationSlice } from './conversation-slice';
import { applyForkHandoff, type ForkHandoff } from './fork-handoff';
import type { PlaygroundState } from './playground-state';
import { createRecordedConversation, createSessionPreset, selectSessionSeed } from './session-playground';
import type { ModelSettings } from './settings-slice';
import { applyWorkspace, type Workspace } from './workspace-draft';

/** A preset's model: any config, or `scripted` without steps when they come from the preset's script text. */
export type PresetModelConfig = ModelConfig | { provider: 'scripted'; script?: undefined; wire?: EmbeddedWire };

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

/** Which scenario is loaded and where it came from. */
export type ScenarioSlice = {
  origin: PlaygroundOrigin;
  presetId: string | null;
};

/** A whole scenario replaces what every other slice holds, so these reduce the whole state. */
export type ScenarioAction =
  | { type: 'preset-loaded'; preset: PlaygroundPreset }
  /** A stored session: its playground and its recorded turns, shown as an ended run. */
  | { type: 'session-loaded'; record: SessionRecord; origin: 'shared' | 'forked' }
  /** A fork handed over from `/s/<id>`, with the edits made there. */
  | { type: 'fork-restored'; handoff: ForkHandoff }
  /** A draft saved in this browser (a reload, or one reopened from the history). */
  | { type: 'workspace-restored'; workspace: Workspace };

export const DEFAULT_MAX_ITERATIONS = 8;

export function reduceScenario(state: PlaygroundState, action: ScenarioAction): PlaygroundState {
  switch (action.type) {
    case 'preset-loaded':
      // A preset is a new scenario: its conversation starts empty.
      return { ...applyPreset(state, action.preset), origin: { kind: 'local' }, ...createConversationSlice() };
    case 'session-loaded':
      return applySessionRecord(state, action.record, action.origin);
    case 'fork-restored':
      return applyForkHandoff(state, action.handoff);
    case 'workspace-restored':
      return applyWorkspace(state, action.workspace);
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

export function applyPreset(state: PlaygroundState, preset: PlaygroundPreset): PlaygroundState {
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
        wire: config.wire ?? 'openai',
      };
    case 'scripted':
      return { ...settings, provider: 'scripted', wire: config.wire ?? 'openai' };
    case 'anthropic':
      return {
        ...settings,
        provider: 'anthropic',
        anthropic: { ...settings.anthropic, model: config.model, baseURL: config.baseURL ?? '' },
      };
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
    case 'gemini':
      return {
        ...settings,
        provider: 'gemini',
        gemini: { ...settings.gemini, model: config.model, baseURL: config.baseURL ?? '' },
        geminiMode: config.functionCallingMode,
      };
    case 'tape':
      // A tape only replays a recorded session; a preset that carries one runs on the seeded model instead.
      return { ...settings, provider: 'auto' };
  }
}
