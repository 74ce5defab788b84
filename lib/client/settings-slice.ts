import type { EmbeddedWire, FaultKind, GeminiFunctionCallingMode } from '@/lib/contract';
import type { ModelSettings as RequestModelSettings, PermissionMode, TurnMode } from '@/lib/runtime';
import { bindApiKey, type ApiKeyRing, type KeyedProvider } from './api-key-ring';

/** Which model a turn talks to, as the run panel's picker offers them. */
export type ModelProviderChoice = 'auto' | 'scripted' | 'openai' | 'openai-compatible' | 'anthropic' | 'gemini';

/** What the Anthropic model field starts with. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';

/** A remote endpoint's settings. Its key is not here: keys are bound to a base URL (`PlaygroundState.apiKeys`). */
export type RemoteModelSettings = { model: string; baseURL: string };

/** The run panel's model form. Every provider keeps its fields so switching back loses nothing. */
export type ModelSettings = {
  provider: ModelProviderChoice;
  seed: number;
  /** Fraction of embedded-model calls that get a fault injected, 0–1. */
  faultRate: number;
  faultKinds?: FaultKind[];
  /** The wire format the embedded models answer in (each provider's own SDK reads it). */
  wire: EmbeddedWire;
  openai: RemoteModelSettings;
  compatible: RemoteModelSettings;
  anthropic: RemoteModelSettings;
  gemini: RemoteModelSettings;
  /** Gemini's function-calling mode; unset, it follows `tool_choice`. */
  geminiMode?: GeminiFunctionCallingMode;
};

/** The wire a turn's tools travel in: the remote provider's own, or the format the embedded models answer in. */
export type SendingProvider = 'openai' | 'anthropic' | 'gemini';

/** Which provider's request format the run panel's model receives its tools in (the schema cards show that). */
export function selectSendingProvider(model: Pick<ModelSettings, 'provider' | 'wire'>): SendingProvider {
  switch (model.provider) {
    case 'anthropic':
    case 'gemini':
      return model.provider;
    case 'auto':
    case 'scripted':
      return model.wire;
    case 'openai':
    case 'openai-compatible':
      return 'openai';
  }
}

/** How every turn runs: the model, its request settings and keys, the permission mode, the limits and the hand-answered tools. */
export type SettingsSlice = {
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
  /** Tools (qualified names) whose calls a person answers by hand instead of running them. */
  answerByHand: string[];
};

export type SettingsAction =
  | { type: 'model-changed'; model: Partial<ModelSettings> }
  | { type: 'request-settings-changed'; settings: RequestModelSettings }
  | { type: 'api-keys-restored'; keys: ApiKeyRing }
  /** A key typed for `provider` at `baseURL` (the base URL the form shows as it was typed). */
  | { type: 'api-key-changed'; provider: KeyedProvider; baseURL: string; key: string }
  | { type: 'permission-mode-changed'; permissionMode: PermissionMode }
  | { type: 'max-iterations-changed'; maxIterations: number }
  | { type: 'turn-mode-changed'; mode: TurnMode }
  | { type: 'answer-by-hand-toggled'; tool: string; enabled: boolean };

export function reduceSettings(state: SettingsSlice, action: SettingsAction): SettingsSlice {
  switch (action.type) {
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
  }
}
