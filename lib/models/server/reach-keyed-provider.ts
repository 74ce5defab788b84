import { type Result, err, ok } from '@/lib/runtime';
import type { TapeEntry } from '@/lib/contract';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { describeUnreadableAnswer } from '../describe-unreadable-answer';
import { isSameBaseURL } from '../is-same-base-url';
import { createRecordingFetch, type FetchFunction } from '../record-exchanges';

/** A provider that takes a key: where it is, what the server holds for it, and what the request named. */
export type KeyedProviderTerms = {
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
    describeUnreadable: (answer) => describeUnreadableAnswer({ providerName, baseURL, ...answer }),
  });
  return ok({ baseURL, apiKey, providerName, isOfficial, fetch });
}
