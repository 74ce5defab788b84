'use client';

import { describeDestination, findApiKey, type ApiKeyRing, type KeyedProvider, type ModelSettings } from '@/lib/client';
import { INPUT_CLASS } from '@/components/ui/field';

const SERVER_KEY: Record<KeyedProvider, string | null> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', gemini: 'GEMINI_API_KEY', 'openai-compatible': null };

export type ModelConfigRemoteFieldsProps = {
  index: number;
  config: ModelSettings;
  apiKeys: ApiKeyRing;
  disabled: boolean;
  onChange: (change: Partial<ModelSettings>) => void;
  onApiKeyChange: (provider: KeyedProvider, baseURL: string, key: string) => void;
};

/**
 * A remote row's own base URL and key (rows after the first; the form edits model 1's): each
 * column sends with these, and says where its requests go and which key they carry.
 */
export function ModelConfigRemoteFields({ index, config, apiKeys, disabled, onChange, onApiKeyChange }: ModelConfigRemoteFieldsProps) {
  if (config.provider === 'auto' || config.provider === 'scripted') return null;
  const provider = config.provider;
  const remote = provider === 'openai-compatible' ? 'compatible' : provider;
  const settings = config[remote];
  const label = `Model ${index + 1}`;
  const apiKey = findApiKey(apiKeys, provider, settings.baseURL);
  const serverKey = SERVER_KEY[provider];
  const keySource = apiKey !== '' ? 'the key typed for it in this tab' : serverKey && settings.baseURL.trim() === '' ? `the server's ${serverKey}, when it has one` : 'no key';
  return (
    <div className="col-start-2 col-end-4 space-y-1">
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-1.5">
        <input
          data-testid={`model-config-base-url-${index}`}
          aria-label={`${label} base URL`}
          disabled={disabled}
          className={`${INPUT_CLASS} font-mono`}
          placeholder="base URL (empty: the server's own)"
          value={settings.baseURL}
          onChange={(event) => onChange({ [remote]: { ...settings, baseURL: event.target.value } })}
        />
        <input
          type="password"
          autoComplete="off"
          data-testid={`model-config-api-key-${index}`}
          aria-label={`${label} API key`}
          disabled={disabled}
          className={INPUT_CLASS}
          placeholder={serverKey && settings.baseURL.trim() === '' ? `key (or ${serverKey})` : 'key'}
          value={apiKey}
          onChange={(event) => onApiKeyChange(provider, settings.baseURL, event.target.value)}
        />
      </div>
      <p data-testid={`model-config-destination-${index}`} className="text-[11px] leading-snug text-fg-muted">
        Sends to <span className="font-mono text-fg">{describeDestination(provider, settings.baseURL)}</span> with {keySource}.
      </p>
    </div>
  );
}
