import { type ModelClient, err } from '@/lib/runtime';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { ALLOW_PRIVATE_NETWORK_VALUE } from '../egress/egress-limits';
import { createAutoModel, type AutoModelOptions } from '../embedded/auto-model';
import { createEmbeddedFetch, EMBEDDED_BASE_URL } from '../embedded/embedded-fetch';
import type { EmbeddedModel } from '../embedded/embedded-model';
import { createScriptedModel } from '../embedded/scripted-model';
import type { ModelConfig, TapeEntry } from '@/lib/contract';
import { COMPATIBLE_SERVER_NAME, createOpenAICompatibleClient } from '../openai-compatible-client';
import { createOpenAIResponsesClient, OPENAI_BASE_URL } from '../openai-responses-client';
import { describeUnreadableAnswer } from '../describe-unreadable-answer';
import { isSameBaseURL } from '../is-same-base-url';
import { createRecordingFetch, type FetchFunction, type RecordingOptions } from '../record-exchanges';
import { createTapeClient } from '../tape-client';

/** What the server's environment says about reaching models; the route reads it from `process.env`. */
export type ModelEnvironment = {
  /** The server's key, sent only to the operator's base URL. */
  OPENAI_API_KEY?: string;
  /** The operator's base URL for the `openai` provider; `https://api.openai.com/v1` when unset. */
  OPENAI_BASE_URL?: string;
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
};

/** The ModelClient for a config. Never throws: a missing key becomes an error on the first request. */
export function createModelClient(config: ModelConfig, options: CreateModelClientOptions = {}): ModelClient {
  const env = options.env ?? {};
  const operatorBaseURL = env.OPENAI_BASE_URL || OPENAI_BASE_URL;
  const requestNetwork = (): FetchFunction =>
    options.fetch ?? createEgressFetch({ allowPrivateNetwork: env.PLAYGROUND_ALLOW_PRIVATE_NETWORK === ALLOW_PRIVATE_NETWORK_VALUE });
  switch (config.provider) {
    case 'scripted':
      return createEmbeddedClient(createScriptedModel(config.script), options);
    case 'auto':
      return createEmbeddedClient((options.createAutoModel ?? createAutoModel)({ seed: config.seed, faults: config.faults }), options);
    case 'openai': {
      const baseURL = config.baseURL ?? operatorBaseURL;
      const label = `openai:${config.model}`;
      const isOperators = isSameBaseURL(baseURL, operatorBaseURL);
      // The server's key never travels to a base URL a visitor named.
      const apiKey = (isOperators ? config.apiKey || env.OPENAI_API_KEY : config.apiKey) || '';
      if (!apiKey) {
        return createFailingClient(
          label,
          isOperators
            ? 'No OpenAI API key: set OPENAI_API_KEY on the server or enter a key for this session.'
            : `No API key for ${baseURL}: the server's key is only sent to the operator's base URL (OPENAI_BASE_URL); enter a key for this server.`,
        );
      }
      const isOpenAI = isSameBaseURL(baseURL, OPENAI_BASE_URL);
      // The operator's own base URL is trusted, private address or not.
      const network = isOperators ? (options.fetch ?? createEgressFetch({ allowPrivateNetwork: true })) : requestNetwork();
      const providerName = isOpenAI ? 'OpenAI' : `the server at ${baseURL}`;
      return createOpenAIResponsesClient({
        label,
        model: config.model,
        apiKey,
        baseURL,
        fetch: createRecordingFetch({ fetch: network, onExchange: options.onExchange, secrets: [apiKey], describeUnreadable: describeFor(providerName, baseURL) }),
        timeoutMs: options.timeoutMs,
        hostedToolSearch: isOpenAI && supportsHostedToolSearch(config.model),
        includeEncryptedReasoning: isOpenAI,
        providerName,
      });
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
      return createTapeClient(config.tape, { onExchange: options.onExchange });
  }
}

function describeFor(providerName: string, baseURL: string): RecordingOptions['describeUnreadable'] {
  return (answer) => describeUnreadableAnswer({ providerName, baseURL, ...answer });
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
    providerName: `the embedded ${model.kind} model`,
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
