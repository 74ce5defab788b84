import { type ModelClient, err } from '@/lib/runtime';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { ALLOW_PRIVATE_NETWORK_VALUE } from '../egress/egress-limits';
import { createAutoModel, type AutoModelOptions } from '../embedded/auto-model';
import { createEmbeddedFetch, EMBEDDED_ANTHROPIC_BASE_URL, EMBEDDED_BASE_URL } from '../embedded/embedded-fetch';
import type { EmbeddedModel } from '../embedded/embedded-model';
import { createScriptedModel } from '../embedded/scripted-model';
import type { EmbeddedWire, ModelConfig, TapeEntry } from '@/lib/contract';
import { createEmbeddedGeminiFetch, EMBEDDED_GEMINI_BASE_URL } from '../embedded/embedded-gemini-fetch';
import { createGeminiClient } from '../gemini/gemini-client';
import type { ChooseGeminiSchema } from '../gemini/gemini-schema-choice';
import { COMPATIBLE_SERVER_NAME, createOpenAICompatibleClient } from '../openai/openai-compatible-client';
import { createOpenAIResponsesClient } from '../openai/openai-responses-client';
import { describeUnreadableAnswer } from '../describe-unreadable-answer';
import { reachKeyedProvider, readKeyedTerms } from './reach-keyed-provider';
import type { RemoteClientOptions } from '../remote-client-options';
import { createAnthropicMessagesClient } from '../anthropic/anthropic-messages-client';
import type { AnthropicSchemaJudge } from '../anthropic/convert-tools-to-anthropic';
import { createRecordingFetch, type FetchFunction, type RecordingOptions } from '../record-exchanges';
import { createTapeClient } from '../tape-client';

/** What the server's environment says about reaching models; the route reads it from `process.env`. */
export type ModelEnvironment = {
  /** The server's key, sent only to the operator's base URL. */
  OPENAI_API_KEY?: string;
  /** The operator's base URL for the `openai` provider; `https://api.openai.com/v1` when unset. */
  OPENAI_BASE_URL?: string;
  /** The server's Gemini key, sent only to the operator's Gemini base URL. */
  GEMINI_API_KEY?: string;
  /** The operator's base URL for the `gemini` provider; `https://generativelanguage.googleapis.com` when unset. */
  GEMINI_BASE_URL?: string;
  /** The server's Anthropic key, sent only to the operator's Anthropic base URL. */
  ANTHROPIC_API_KEY?: string;
  /** The operator's base URL for the `anthropic` provider; `https://api.anthropic.com` when unset. */
  ANTHROPIC_BASE_URL?: string;
  /** `1` lets base URLs from requests reach loopback, private, link-local and metadata addresses. */
  PLAYGROUND_ALLOW_PRIVATE_NETWORK?: string;
};

export type CreateModelClientOptions = {
  env?: ModelEnvironment;
  /** Receives every raw exchange, secrets removed: the turn's tape. */
  onExchange?: (exchange: TapeEntry) => void;
  /**
   * Replaces the network for remote providers, egress policy included (see `createEgressFetch`);
   * tests hand in a stub. The response size cap and failed-body excerpts still apply.
   */
  fetch?: FetchFunction;
  timeoutMs?: number;
  /** Builds the auto model; the server passes one that thinks in a sandbox worker. */
  createAutoModel?: (options: AutoModelOptions) => EmbeddedModel;
  /** What Gemini's declarations carry for each tool's parameters; the server decides it with the compatibility matrix. */
  chooseGeminiSchema?: ChooseGeminiSchema;
  /** Decides what Anthropic is sent of each schema (the compatibility matrix, which lives above this layer). */
  anthropicJudge?: AnthropicSchemaJudge;
};

/** The ModelClient for a config. Never throws: a missing key becomes an error on the first request. */
export function createModelClient(config: ModelConfig, options: CreateModelClientOptions = {}): ModelClient {
  const env = options.env ?? {};
  const allowPrivateNetwork = env.PLAYGROUND_ALLOW_PRIVATE_NETWORK === ALLOW_PRIVATE_NETWORK_VALUE;
  const requestNetwork = (): FetchFunction => options.fetch ?? createEgressFetch({ allowPrivateNetwork });
  const reach = { fetch: options.fetch, onExchange: options.onExchange, allowPrivateNetwork };
  switch (config.provider) {
    case 'scripted':
      return createEmbeddedClient(createScriptedModel(config.script), config.wire, options);
    case 'auto':
      return createEmbeddedClient((options.createAutoModel ?? createAutoModel)({ seed: config.seed, faults: config.faults }), config.wire, options);
    case 'gemini':
    case 'anthropic':
    case 'openai': {
      const label = `${config.provider}:${config.model}`;
      const route = reachKeyedProvider(readKeyedTerms(config.provider, env, { baseURL: config.baseURL, typedKey: config.apiKey }), reach);
      if (!route.ok) return createFailingClient(label, route.error);
      const { baseURL, apiKey, fetch, providerName, isOfficial } = route.value;
      const remote: RemoteClientOptions = { label, model: config.model, apiKey, baseURL, fetch, timeoutMs: options.timeoutMs, providerName };
      if (config.provider === 'gemini') return createGeminiClient({ ...remote, functionCallingMode: config.functionCallingMode, chooseSchema: options.chooseGeminiSchema });
      if (config.provider === 'anthropic') return createAnthropicMessagesClient({ ...remote, judge: options.anthropicJudge });
      return createOpenAIResponsesClient({ ...remote, hostedToolSearch: isOfficial && supportsHostedToolSearch(config.model), includeEncryptedReasoning: isOfficial });
    }
    case 'openai-compatible':
      return createOpenAICompatibleClient({
        label: `openai-compatible:${config.model}`,
        model: config.model,
        baseURL: config.baseURL,
        apiKey: config.apiKey,
        fetch: createRecordingFetch({
          fetch: requestNetwork(),
          onExchange: options.onExchange,
          secrets: config.apiKey ? [config.apiKey] : [],
          describeUnreadable: describeFor(COMPATIBLE_SERVER_NAME, config.baseURL),
        }),
        timeoutMs: options.timeoutMs,
      });
    case 'tape':
      return createTapeClient(config.tape, { onExchange: options.onExchange, chooseGeminiSchema: options.chooseGeminiSchema, anthropicJudge: options.anthropicJudge });
  }
}

function describeFor(providerName: string, baseURL: string): RecordingOptions['describeUnreadable'] {
  return (answer) => describeUnreadableAnswer({ providerName, baseURL, ...answer });
}

function createEmbeddedClient(model: EmbeddedModel, wire: EmbeddedWire | undefined, options: CreateModelClientOptions): ModelClient {
  const embedded = { model: `embedded-${model.kind}`, apiKey: 'embedded', timeoutMs: options.timeoutMs, providerName: `the embedded ${model.kind} model` };
  const record = (fetch: FetchFunction) => createRecordingFetch({ fetch, onExchange: options.onExchange });
  if (wire === 'anthropic') {
    return createAnthropicMessagesClient({ ...embedded, label: `embedded:${model.kind}:anthropic`, baseURL: EMBEDDED_ANTHROPIC_BASE_URL, fetch: record(createEmbeddedFetch(model)), judge: options.anthropicJudge });
  }
  if (wire === 'gemini') {
    return createGeminiClient({ ...embedded, label: `embedded:${model.kind}:gemini`, baseURL: EMBEDDED_GEMINI_BASE_URL, fetch: record(createEmbeddedGeminiFetch(model)), chooseSchema: options.chooseGeminiSchema });
  }
  return createOpenAIResponsesClient({ ...embedded, label: `embedded:${model.kind}`, baseURL: EMBEDDED_BASE_URL, fetch: record(createEmbeddedFetch(model)), hostedToolSearch: false });
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
