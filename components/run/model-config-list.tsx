'use client';

import type { Dispatch, ReactNode } from 'react';
import { SIDE_BY_SIDE_LIMITS, type EmbeddedWire } from '@/lib/contract';
import { selectModelConfigs, type ApiKeyRing, type KeyedProvider, type ModelProviderChoice, type ModelSettings, type PlaygroundAction, type PlaygroundState } from '@/lib/client';
import { INPUT_CLASS } from '@/components/ui/field';
import { WIRE_OPTIONS } from './embedded-wire-field';
import { ModelConfigRemoteFields } from './model-config-remote-fields';
import { PROVIDER_OPTIONS } from './provider-options';

export type ModelConfigListProps = {
  /** Every configuration, the form's model first; one means a single model. */
  configs: readonly ModelSettings[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onChange: (index: number, change: Partial<ModelSettings>) => void;
  /** The keys typed in this tab: a remote row after the first finds its own by its provider and base URL. */
  apiKeys: ApiKeyRing;
  onApiKeyChange: (provider: KeyedProvider, baseURL: string, key: string) => void;
  /** While a turn runs the list stays as it was sent. */
  disabled?: boolean;
};

/** The list's callbacks on the page's reducer, for any panel that shows it. */
export function bindModelConfigList(state: PlaygroundState, dispatch: Dispatch<PlaygroundAction>): Omit<ModelConfigListProps, 'disabled' | 'onApiKeyChange'> {
  return {
    configs: selectModelConfigs(state),
    apiKeys: state.apiKeys,
    onAdd: () => dispatch({ type: 'model-config-added' }),
    onRemove: (index) => dispatch({ type: 'model-config-removed', index }),
    onChange: (index, change) => dispatch({ type: 'model-config-changed', index, change }),
  };
}

/** Up to four model configurations, one row each: what a Run sends the same message and tools to, side by side. */
export function ModelConfigList({ configs, onAdd, onRemove, onChange, apiKeys, onApiKeyChange, disabled = false }: ModelConfigListProps) {
  const full = configs.length >= SIDE_BY_SIDE_LIMITS.modelConfigs;
  const addButton = (
    <button
      type="button"
      data-testid="model-config-add"
      onClick={onAdd}
      disabled={disabled || full}
      title={full ? `At most ${SIDE_BY_SIDE_LIMITS.modelConfigs} models side by side` : 'Send the same message with the same tools to one more model configuration, each in its own column'}
      className="rounded border border-border px-2 py-0.5 text-[11px] font-medium text-fg hover:bg-panel-muted disabled:opacity-40"
    >
      {configs.length === 1 ? '+ Side by side' : '+ Model'}
    </button>
  );
  if (configs.length === 1) return <div className="flex justify-end">{addButton}</div>;
  return (
    <fieldset data-testid="model-config-list" className="space-y-1.5 rounded-md border border-border p-2">
      <legend className="px-1 text-[11px] font-medium text-fg-muted">Models side by side · {configs.length} columns (the form below edits model 1)</legend>
      {configs.map((config, index) => (
        <ModelConfigRow key={index} index={index} config={config} disabled={disabled} onRemove={() => onRemove(index)} onChange={(change) => onChange(index, change)}>
          {index > 0 ? (
            <ModelConfigRemoteFields index={index} config={config} apiKeys={apiKeys} disabled={disabled} onChange={(change) => onChange(index, change)} onApiKeyChange={onApiKeyChange} />
          ) : (
            config.provider !== 'auto' && config.provider !== 'scripted' && <p className="col-start-2 col-end-4 text-[11px] text-fg-muted">Its key and base URL: the form below.</p>
          )}
        </ModelConfigRow>
      ))}
      <div className="flex justify-end">{addButton}</div>
    </fieldset>
  );
}

type ModelConfigRowProps = { index: number; config: ModelSettings; disabled: boolean; onRemove: () => void; onChange: (change: Partial<ModelSettings>) => void; children?: ReactNode };

/** One configuration: its number, provider, and the wire format (embedded) or model name (remote); below, a remote row's base URL and key. */
function ModelConfigRow({ index, config, disabled, onRemove, onChange, children }: ModelConfigRowProps) {
  const label = `Model ${index + 1}`;
  return (
    <div data-testid={`model-config-${index}`} className="grid grid-cols-[1.25rem_minmax(0,1fr)_minmax(0,1fr)_1.5rem] items-center gap-1.5">
      <span className="text-center text-[11px] font-semibold text-fg-muted">{index + 1}</span>
      <select
        data-testid={`model-config-provider-${index}`}
        aria-label={`${label} provider`}
        disabled={disabled}
        className={INPUT_CLASS}
        value={config.provider}
        onChange={(event) => onChange({ provider: event.target.value as ModelProviderChoice })}
      >
        {PROVIDER_OPTIONS.map((provider) => (
          <option key={provider.value} value={provider.value}>
            {provider.label}
          </option>
        ))}
      </select>
      <ModelConfigDetail label={label} config={config} index={index} disabled={disabled} onChange={onChange} />
      <button
        type="button"
        data-testid={`model-config-remove-${index}`}
        aria-label={`Remove ${label}`}
        title={`Remove ${label}`}
        disabled={disabled}
        onClick={onRemove}
        className="h-7 rounded text-sm text-fg-muted hover:bg-panel-muted hover:text-fg disabled:opacity-40"
      >
        ×
      </button>
      {children}
    </div>
  );
}

type ModelConfigDetailProps = { label: string; config: ModelSettings; index: number; disabled: boolean; onChange: (change: Partial<ModelSettings>) => void };

/** The embedded models' wire format, or a remote provider's model name. */
function ModelConfigDetail({ label, config, index, disabled, onChange }: ModelConfigDetailProps) {
  if (config.provider === 'auto' || config.provider === 'scripted') {
    return (
      <select
        data-testid={`model-config-wire-${index}`}
        aria-label={`${label} wire format`}
        disabled={disabled}
        className={INPUT_CLASS}
        value={config.wire}
        onChange={(event) => onChange({ wire: event.target.value as EmbeddedWire })}
      >
        {WIRE_OPTIONS.map((wire) => (
          <option key={wire.value} value={wire.value}>
            {wire.label}
          </option>
        ))}
      </select>
    );
  }
  const remote = config.provider === 'openai-compatible' ? 'compatible' : config.provider;
  return (
    <input
      data-testid={`model-config-model-${index}`}
      aria-label={`${label} model name`}
      disabled={disabled}
      className={`${INPUT_CLASS} font-mono`}
      value={config[remote].model}
      onChange={(event) => onChange({ [remote]: { ...config[remote], model: event.target.value } })}
    />
  );
}
