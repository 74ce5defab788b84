import type { ModelClient } from '@/lib/runtime/model-client';
import { err } from '@/lib/runtime/result';
import { createAutoModel } from './embedded/auto-model';
import { createEmbeddedFetch, EMBEDDED_BASE_URL } from './embedded/embedded-fetch';
import type { EmbeddedModel } from './embedded/embedded-model';
import { createScriptedModel } from './embedded/scripted-model';
import type { ModelConfig, TapeEntry } from './model-config';
import { createOpenAICompatibleClient } from './openai-compatible-client';
import { createOpenAIResponsesClient, OPENAI_BASE_URL } from './openai-responses-client';
import { createRecordingFetch, type FetchFunction } from './record-exchanges';
import { createTapeClient } from './tape-client';

export type CreateModelClientOptions = {
  env?: { OPENAI_API_KEY?: string };
  /** Receives every raw exchange, secrets removed: the turn's tape. */
  onExchange?: (exchange: TapeEntry) => void;
  /** The network fetch for remote providers; tests point it at a local server. */
  fetch?: FetchFunction;
  timeoutMs?: number;
};

/** The ModelClient for a config. Never throws: a missing key becomes an error on the first request. */
export function createModelClient(config: ModelConfig, options: CreateModelClientOptions = {}): ModelClient {
  const networkFetch: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  switch (config.provider) {
    case 'scripted':
      return createEmbeddedClient(createScriptedModel(config.script), options);
    case 'auto':
      return createEmbeddedClient(createAutoModel({ seed: config.seed, faults: config.faults }), options);
    case 'openai': {
      const apiKey = config.apiKey || options.env?.OPENAI_API_KEY || '';
      const label = `openai:${config.model}`;
      if (!apiKey) return createFailingClient(label, 'No OpenAI API key: set OPENAI_API_KEY on the server or enter a key for this session.');
      return createOpenAIResponsesClient({
        label,
        model: config.model,
        apiKey,
        baseURL: config.baseURL ?? OPENAI_BASE_URL,
        fetch: createRecordingFetch({ fetch: networkFetch, onExchange: options.onExchange, secrets: [apiKey] }),
        timeoutMs: options.timeoutMs,
        hostedToolSearch: !config.baseURL && supportsHostedToolSearch(config.model),
        includeEncryptedReasoning: !config.baseURL,
        providerName: config.baseURL ? `The server at ${config.baseURL}` : 'OpenAI',
      });
    }
    case 'openai-compatible':
      return createOpenAICompatibleClient({
        label: `openai-compatible:${config.model}`,
        model: config.model,
        baseURL: config.baseURL,
        apiKey: config.apiKey,
        fetch: createRecordingFetch({ fetch: networkFetch, onExchange: options.onExchange, secrets: config.apiKey ? [config.apiKey] : [] }),
        timeoutMs: options.timeoutMs,
      });
    case 'tape':
      return createTapeClient(config.tape, { onExchange: options.onExchange });
  }
}

function createEmbeddedClient(model: EmbeddedModel, options: CreateModelClientOptions): ModelClient {
  return createOpenAIResponsesClient({
    label: `embedded:${model.kind}`,
    model: `embedded-${model.kind}`,
    apiKey: 'embedded',
    baseURL: EMBEDDED_BASE_URL,
    fetch: createRecordingFetch({ fetch: createEmbeddedFetch(model), onExchange: options.onExchange }),
    timeoutMs: options.timeoutMs,
    hostedToolSearch: false,
    providerName: `The embedded ${model.kind} model`,
  });
}

/** Hosted tool search arrived with gpt-5.4; later families keep it. */
export function supportsHostedToolSearch(model: string): boolean {
  const match = /^gpt-(\d+)(?:\.(\d+))?/.exec(model);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? 0);
  return major > 5 || (major === 5 && minor >= 4);
}

function createFailingClient(label: string, message: string): ModelClient {
  return {
    label,
    hostedToolSearch: false,
    supportsDeferredTools: true,
    async createResponse() {
      return err({ code: 'request-failed', message });
    },
  };
}
