import { SIDE_BY_SIDE_LIMITS, type EmbeddedWire } from '@/lib/contract';
import type { ModelSettings, SettingsSlice } from './settings-slice';

/**
 * The model configurations a Run sends the same message to. The first is always the settings
 * slice's `model` (the full form edits it); the others live here. With none here, a Run is one turn.
 */
export type ModelConfigsSlice = {
  /** The second to fourth configurations, in column order. */
  extraModels: ModelSettings[];
};

export type ModelConfigsAction =
  /** Adds a configuration after the last: the last one again, on the next embedded wire when it is embedded. */
  | { type: 'model-config-added' }
  /** Removes configuration `index` (0 is the form's model; the next one takes its place). */
  | { type: 'model-config-removed'; index: number }
  /** Changes configuration `index` (0 is the form's model). */
  | { type: 'model-config-changed'; index: number; change: Partial<ModelSettings> };

type ModelConfigsState = ModelConfigsSlice & Pick<SettingsSlice, 'model'>;

const WIRE_ORDER: readonly EmbeddedWire[] = ['openai', 'anthropic', 'gemini'];

/** Every configuration a Run sends to, in column order: the form's model first. Never empty. */
export function selectModelConfigs(state: ModelConfigsState): ModelSettings[] {
  return [state.model, ...state.extraModels];
}

/** Whether a Run sends to more than one configuration. */
export function isSideBySide(state: ModelConfigsState): boolean {
  return state.extraModels.length > 0;
}

export function reduceModelConfigs(state: ModelConfigsState, action: ModelConfigsAction): ModelConfigsState {
  const configs = selectModelConfigs(state);
  switch (action.type) {
    case 'model-config-added': {
      if (configs.length >= SIDE_BY_SIDE_LIMITS.modelConfigs) return state;
      return withConfigs(state, [...configs, createNextConfig(configs)]);
    }
    case 'model-config-removed': {
      if (configs.length <= 1 || action.index < 0 || action.index >= configs.length) return state;
      return withConfigs(state, configs.filter((_, index) => index !== action.index));
    }
    case 'model-config-changed': {
      if (action.index < 0 || action.index >= configs.length) return state;
      return withConfigs(state, configs.map((config, index) => (index === action.index ? { ...config, ...action.change } : config)));
    }
  }
}

/** The list split back into the form's model and the rest. */
function withConfigs(state: ModelConfigsState, configs: ModelSettings[]): ModelConfigsState {
  const [model, ...extraModels] = configs;
  return model ? { ...state, model, extraModels } : state;
}

/**
 * The next column's configuration: the last one again, so keys, base URLs and seeds carry over;
 * an embedded model moves to the first wire format no column uses yet, so adding columns compares
 * the providers' formats without further clicks.
 */
function createNextConfig(configs: ModelSettings[]): ModelSettings {
  const last = configs.at(-1) as ModelSettings;
  if (last.provider !== 'auto' && last.provider !== 'scripted') return { ...last };
  const used = new Set(configs.filter((config) => config.provider === last.provider).map((config) => config.wire));
  const wire = WIRE_ORDER.find((candidate) => !used.has(candidate)) ?? last.wire;
  return { ...last, wire };
}
