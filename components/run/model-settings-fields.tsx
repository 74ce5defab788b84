'use client';

import { describeDestination, findApiKey, type ApiKeyRing, type KeyedProvider } from '@/lib/client';
import type { ModelSettings, RemoteModelSettings } from '@/lib/client';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';
import { EmbeddedWireField } from './embedded-wire-field';
import { GeminiModeField } from './gemini-mode-field';
import { ProviderCheckLine } from './provider-check-line';
import { useProviderCheck } from './use-provider-check';

export type ModelSettingsFieldsProps = {
  settings: ModelSettings;
  /** The keys typed in this tab; the key field shows (and edits) the one bound to the base URL shown. */
  apiKeys: ApiKeyRing;
  onChange: (change: Partial<ModelSettings>) => void;
  onApiKeyChange: (provider: KeyedProvider, baseURL: string, key: string) => void;
  onEditScript: () => void;
};

/** The fields of the chosen provider. */
export function ModelSettingsFields({ settings, apiKeys, onChange, onApiKeyChange, onEditScript }: ModelSettingsFieldsProps) {
  switch (settings.provider) {
    case 'auto':
      return (
        <div className="grid grid-cols-2 gap-2">
          <NumberField label="Seed" testId="model-seed" integer value={settings.seed} onChange={(seed) => onChange({ seed: seed ?? 0 })} />
          <Field label={`Fault rate · ${Math.round(settings.faultRate * 100)}%`} hint="Malformed JSON, invalid arguments, unknown tools">
            <input
              type="range"
              data-testid="model-fault-rate"
              min={0}
              max={1}
              step={0.05}
              value={settings.faultRate}
              onChange={(event) => onChange({ faultRate: Number(event.target.value) })}
              className="h-7 accent-[var(--accent)]"
            />
          </Field>
          <EmbeddedWireField wire={settings.wire} onChange={(wire) => onChange({ wire })} className="col-span-2" />
        </div>
      );
    case 'scripted':
      return (
        <div className="flex flex-col gap-2">
          <p className="text-[11px] leading-snug text-fg-muted">
            Plays the steps in{' '}
            <button type="button" onClick={onEditScript} className="font-mono text-accent underline-offset-2 hover:underline">
              script.json
            </button>
            , one per iteration; arguments are raw strings, so malformed JSON can be staged. A step&apos;s{' '}
            <code className="font-mono">&quot;streamDelayMs&quot;</code> (up to 1000) paces its streamed pieces so the answer visibly grows.
          </p>
          <EmbeddedWireField wire={settings.wire} onChange={(wire) => onChange({ wire })} />
        </div>
      );
    case 'openai':
      return (
        <RemoteFields
          provider="openai"
          settings={settings.openai}
          apiKeys={apiKeys}
          onChange={(openai) => onChange({ openai })}
          onApiKeyChange={onApiKeyChange}
          baseUrlLabel="Base URL (optional)"
          baseUrlPlaceholder="https://api.openai.com/v1 (or the server's OPENAI_BASE_URL)"
          keyPlaceholder={settings.openai.baseURL.trim() ? 'sk-… (required: the server key goes only to its own base URL)' : "sk-… (or the server's OPENAI_API_KEY)"}
        />
      );
    case 'anthropic':
      return (
        <RemoteFields
          provider="anthropic"
          settings={settings.anthropic}
          apiKeys={apiKeys}
          onChange={(anthropic) => onChange({ anthropic })}
          onApiKeyChange={onApiKeyChange}
          baseUrlLabel="Base URL (optional)"
          baseUrlPlaceholder="https://api.anthropic.com (or the server's ANTHROPIC_BASE_URL)"
          keyPlaceholder={settings.anthropic.baseURL.trim() ? 'sk-ant-… (required: the server key goes only to its own base URL)' : "sk-ant-… (or the server's ANTHROPIC_API_KEY)"}
        />
      );
    case 'gemini':
      return (
        <div className="space-y-2">
          <RemoteFields
            provider="gemini"
            settings={settings.gemini}
            apiKeys={apiKeys}
            onChange={(gemini) => onChange({ gemini })}
            onApiKeyChange={onApiKeyChange}
            baseUrlLabel="Base URL (optional)"
            baseUrlPlaceholder="https://generativelanguage.googleapis.com (or the server's GEMINI_BASE_URL)"
            keyPlaceholder={settings.gemini.baseURL.trim() ? 'required: the server key goes only to its own base URL' : "AIza… (or the server's GEMINI_API_KEY)"}
          />
          <GeminiModeField mode={settings.geminiMode} onChange={(geminiMode) => onChange({ geminiMode })} />
        </div>
      );
    case 'openai-compatible':
      return (
        <RemoteFields
          provider="openai-compatible"
          settings={settings.compatible}
          apiKeys={apiKeys}
          onChange={(compatible) => onChange({ compatible })}
          onApiKeyChange={onApiKeyChange}
          baseUrlLabel="Base URL"
          baseUrlPlaceholder="http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM)"
          keyPlaceholder="optional"
        />
      );
  }
}

type RemoteFieldsProps = {
  provider: KeyedProvider;
  settings: RemoteModelSettings;
  apiKeys: ApiKeyRing;
  onChange: (settings: RemoteModelSettings) => void;
  onApiKeyChange: (provider: KeyedProvider, baseURL: string, key: string) => void;
  baseUrlLabel: string;
  baseUrlPlaceholder: string;
  keyPlaceholder: string;
};

function RemoteFields({ provider, settings, apiKeys, onChange, onApiKeyChange, baseUrlLabel, baseUrlPlaceholder, keyPlaceholder }: RemoteFieldsProps) {
  const apiKey = findApiKey(apiKeys, provider, settings.baseURL);
  const destination = describeDestination(provider, settings.baseURL);
  // Keys typed for other servers stay with them; say so, so an empty field is not a surprise.
  const elsewhere = apiKey === '' && apiKeys.some((binding) => binding.provider === provider);
  const { state: checkState, check } = useProviderCheck({ provider, baseURL: settings.baseURL, ...(apiKey ? { apiKey } : {}) });
  return (
    <div className="grid grid-cols-2 gap-2">
      <Field label="Model name">
        <input
          data-testid="model-name"
          className={INPUT_CLASS}
          value={settings.model}
          onChange={(event) => onChange({ ...settings, model: event.target.value })}
        />
      </Field>
      <Field label="API key" hint={`Sent only to ${destination}; kept in this tab's sessionStorage, never stored or shared`}>
        <input
          type="password"
          autoComplete="off"
          data-testid="model-api-key"
          className={INPUT_CLASS}
          placeholder={keyPlaceholder}
          value={apiKey}
          onChange={(event) => onApiKeyChange(provider, settings.baseURL, event.target.value)}
          onBlur={() => check(false)}
        />
      </Field>
      <Field label={baseUrlLabel} className="col-span-2">
        <input
          data-testid="model-base-url"
          className={INPUT_CLASS}
          placeholder={baseUrlPlaceholder}
          value={settings.baseURL}
          onChange={(event) => onChange({ ...settings, baseURL: event.target.value })}
          onBlur={() => check(false)}
        />
      </Field>
      <p data-testid="model-destination" className="col-span-2 text-[11px] leading-snug text-fg-muted">
        Requests go from the server to <span className="font-mono text-fg">{destination}</span>.{' '}
        {elsewhere && (
          <span data-testid="model-key-notice" className="text-amber-800 dark:text-amber-300">
            No key typed for this server: keys you typed for other servers are not sent here. Enter a key for it to use one.
          </span>
        )}
      </p>
      <ProviderCheckLine state={checkState} onCheck={() => check(true)} />
    </div>
  );
}
