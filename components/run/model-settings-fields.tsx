'use client';

import type { ModelSettings, RemoteModelSettings } from '@/lib/client/playground-state';
import { Field, INPUT_CLASS } from '@/components/ui/field';

export type ModelSettingsFieldsProps = {
  settings: ModelSettings;
  onChange: (change: Partial<ModelSettings>) => void;
  onEditScript: () => void;
};

/** The fields of the chosen provider. */
export function ModelSettingsFields({ settings, onChange, onEditScript }: ModelSettingsFieldsProps) {
  switch (settings.provider) {
    case 'auto':
      return (
        <div className="grid grid-cols-2 gap-2">
          <Field label="Seed">
            <input
              type="number"
              data-testid="model-seed"
              className={INPUT_CLASS}
              value={settings.seed}
              onChange={(event) => onChange({ seed: Math.trunc(Number(event.target.value) || 0) })}
            />
          </Field>
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
        </div>
      );
    case 'scripted':
      return (
        <p className="text-[11px] leading-snug text-fg-muted">
          Plays the steps in{' '}
          <button type="button" onClick={onEditScript} className="font-mono text-accent underline-offset-2 hover:underline">
            script.json
          </button>
          , one per iteration; arguments are raw strings, so malformed JSON can be staged. A step&apos;s{' '}
          <code className="font-mono">&quot;streamDelayMs&quot;</code> (up to 1000) paces its streamed pieces so the answer visibly grows.
        </p>
      );
    case 'openai':
      return (
        <RemoteFields
          settings={settings.openai}
          onChange={(openai) => onChange({ openai })}
          baseUrlLabel="Base URL (optional)"
          baseUrlPlaceholder="https://api.openai.com/v1 (or the server's OPENAI_BASE_URL)"
          keyPlaceholder={settings.openai.baseURL ? 'sk-… (required: the server key goes only to its own base URL)' : "sk-… (or the server's OPENAI_API_KEY)"}
        />
      );
    case 'openai-compatible':
      return (
        <RemoteFields
          settings={settings.compatible}
          onChange={(compatible) => onChange({ compatible })}
          baseUrlLabel="Base URL"
          baseUrlPlaceholder="http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM)"
          keyPlaceholder="optional"
        />
      );
  }
}

type RemoteFieldsProps = {
  settings: RemoteModelSettings;
  onChange: (settings: RemoteModelSettings) => void;
  baseUrlLabel: string;
  baseUrlPlaceholder: string;
  keyPlaceholder: string;
};

function RemoteFields({ settings, onChange, baseUrlLabel, baseUrlPlaceholder, keyPlaceholder }: RemoteFieldsProps) {
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
      <Field label="API key" hint="Kept in this tab's sessionStorage only; never stored or shared">
        <input
          type="password"
          autoComplete="off"
          data-testid="model-api-key"
          className={INPUT_CLASS}
          placeholder={keyPlaceholder}
          value={settings.apiKey}
          onChange={(event) => onChange({ ...settings, apiKey: event.target.value })}
        />
      </Field>
      <Field label={baseUrlLabel} className="col-span-2">
        <input
          data-testid="model-base-url"
          className={INPUT_CLASS}
          placeholder={baseUrlPlaceholder}
          value={settings.baseURL}
          onChange={(event) => onChange({ ...settings, baseURL: event.target.value })}
        />
      </Field>
    </div>
  );
}
