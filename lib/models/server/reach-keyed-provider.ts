import { type Result, err, ok } from '@/lib/runtime';
import type { TapeEntry } from '@/lib/contract';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { describeUnreadableAnswer } from '../describe-unreadable-answer';
import { isSameBaseURL } from '../is-same-base-url';
import { createRecordingFetch, type FetchFunction } from '../record-exchanges';
import { ANTHROPIC_BASE_URL } from '../anthropic/anthropic-messages-client';
import { GEMINI_BASE_URL } from '../gemini/gemini-client';
import { OPENAI_BASE_URL } from '../openai/openai-responses-client';
import type { ModelEnvironment } from './create-model-client';

/** The providers a visitor reaches with a key: the server's own key goes only to the operator's base URL. */
export type KeyedProviderName = 'openai' | 'anthropic' | 'gemini';

/** Each keyed provider's vendor name, its official base URL and the variables that hold the server's key and base URL. */
export const KEYED_PROVIDERS = {
  openai: { vendor: 'OpenAI', keyVariable: 'OPENAI_API_KEY', baseUrlVariable: 'OPENAI_BASE_URL', officialBaseURL: OPENAI_BASE_URL },
  anthropic: { vendor: 'Anthropic', keyVariable: 'ANTHROPIC_API_KEY', baseUrlVariable: 'ANTHROPIC_BASE_URL', officialBaseURL: ANTHROPIC_BASE_URL },
  gemini: { vendor: 'Gemini', keyVariable: 'GEMINI_API_KEY', baseUrlVariable: 'GEMINI_BASE_URL', officialBaseURL: GEMINI_BASE_URL },
} as const satisfies Record<KeyedProviderName, { vendor: string; keyVariable: keyof ModelEnvironment; baseUrlVariable: keyof ModelEnvironment; officialBaseURL: string }>;

/** A keyed provider's terms as the server's environment sets them, with what a request named. */
export function readKeyedTerms(provider: KeyedProviderName, env: ModelEnvironment, named: { baseURL?: string; typedKey?: string }): KeyedProviderTerms {
  const terms = KEYED_PROVIDERS[provider];
  return { api: provider, ...terms, operatorBaseURL: env[terms.baseUrlVariable], serverKey: env[terms.keyVariable], ...named };
}

/** A provider that takes a key: where it is, what the server holds for it, and what the request named. */
export type KeyedProviderTerms = {
  /** Whose API it speaks (how its base URL looks). */
  api: KeyedProviderName;
  /** The vendor's name in messages, e.g. `OpenAI`. */
  vendor: string;
  /** The environment variables that hold the server's key and its base URL, named in messages. */
  keyVariable: string;
  baseUrlVariable: string;
  officialBaseURL: string;
  /** The operator's base URL for this provider; the official one when unset. */
  operatorBaseURL?: string;
  serverKey?: string;
  /** From the request: a base URL and a key typed in the page. */
  baseURL?: string;
  typedKey?: string;
};

/** How to reach the provider: the key to send, where, through which (recording) fetch, named how. */
export type KeyedProviderRoute = { baseURL: string; apiKey: string; providerName: string; isOfficial: boolean; fetch: FetchFunction };

export type ReachOptions = {
  /** Replaces the network (egress policy included); tests hand in a stub. */
  fetch?: FetchFunction;
  onExchange?: (exchange: TapeEntry) => void;
  /** Whether a base URL from a request may reach private addresses. */
  allowPrivateNetwork: boolean;
};

/**
 * The one rule for every keyed provider: the server's key goes only to the operator's base URL,
 * never to a base URL a request named (that one needs a key typed for it); the operator's base URL
 * is trusted with private addresses, a request's obeys the egress policy. Every exchange is
 * recorded with the key scrubbed. Without a key, the reason to show the user.
 */
export function reachKeyedProvider(terms: KeyedProviderTerms, options: ReachOptions): Result<KeyedProviderRoute, string> {
  const operatorBaseURL = terms.operatorBaseURL || terms.officialBaseURL;
  const baseURL = terms.baseURL ?? operatorBaseURL;
  const isOperators = isSameBaseURL(baseURL, operatorBaseURL);
  const apiKey = (isOperators ? terms.typedKey || terms.serverKey : terms.typedKey) || '';
  if (!apiKey) {
    return err(
      isOperators
        ? `No ${terms.vendor} API key: set ${terms.keyVariable} on the server or enter a key for this session.`
        : `No API key for ${baseURL}: the server's key is only sent to the operator's base URL (${terms.baseUrlVariable}); enter a key for this server.`,
    );
  }
  const isOfficial = isSameBaseURL(baseURL, terms.officialBaseURL);
  const providerName = isOfficial ? terms.vendor : `the server at ${baseURL}`;
  const network = options.fetch ?? createEgressFetch({ allowPrivateNetwork: isOperators || options.allowPrivateNetwork });
  const fetch = createRecordingFetch({
    fetch: network,
    onExchange: options.onExchange,
    secrets: [apiKey],
    describeUnreadable: (answer) => describeUnreadableAnswer({ providerName, baseURL, api: terms.api, ...answer }),
  });
  return ok({ baseURL, apiKey, providerName, isOfficial, fetch });
}
