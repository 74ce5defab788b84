// Server-only: sends one cheap request to a provider a visitor named, under the turns' egress policy.
import type { ModelEnvironment } from './create-model-client';
import { describeUnreadableAnswer, isHtmlAnswer, type UnreadableAnswer } from '../describe-unreadable-answer';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { describeEgressRefusal } from '../egress/describe-egress-refusal';
import { ALLOW_PRIVATE_NETWORK_VALUE } from '../egress/egress-limits';
import { findEgressRefusal } from '../egress/egress-refusal';
import { excerptText } from '../egress/excerpt-text';
import { isSameBaseURL } from '../is-same-base-url';
import type { FetchFunction } from '../record-exchanges';
import type { ProviderCheckAnswer, ProviderCheckRequest } from '../provider-check';
import { startSentence } from '../start-sentence';
import { readKeyedTerms } from './reach-keyed-provider';

/** The Messages API version a check names, as Anthropic requires of every request. */
const ANTHROPIC_API_VERSION = '2023-06-01';

/** A check is a hint while typing: it gets a short wait and a small read. */
export const PROVIDER_CHECK_BOUNDS = {
  /** The whole check, connecting and reading included. */
  timeoutMs: 5_000,
  /** Of the answer, only this many bytes are read; the rest is dropped unread. */
  readBytes: 64 * 1024,
  /** A provider's error message is shown as at most this many characters. */
  messageLength: 200,
} as const;

export type CheckProviderOptions = {
  env?: ModelEnvironment;
  /** Replaces the network, egress policy included; tests of the policy leave it to the default. */
  fetch?: FetchFunction;
  timeoutMs?: number;
};

/**
 * Sends one request for the provider's model list (`GET <baseURL>/models` for OpenAI and compatible
 * servers, `GET <baseURL>/v1/models` for Anthropic, `GET <baseURL>/v1beta/models` for Gemini) with
 * the key a turn would send, in that provider's own header (the server's key only to the operator's
 * base URL), and says in one sentence whether a turn can reach the model: reachable, key accepted
 * or refused, an HTML page instead of an API, unreachable, or refused by the egress policy. The key
 * never appears in the answer.
 */
export async function checkProvider(request: ProviderCheckRequest, options: CheckProviderOptions = {}): Promise<ProviderCheckAnswer> {
  const env = options.env ?? {};
  const keyed = request.provider === 'openai-compatible' ? undefined : readKeyedTerms(request.provider, env, {});
  const operatorBaseURL = keyed ? keyed.operatorBaseURL || keyed.officialBaseURL : '';
  const named = request.baseURL.trim();
  const baseURL = named === '' ? operatorBaseURL : named;
  if (baseURL === '') return { outcome: 'invalid', message: 'Enter the base URL of an OpenAI-compatible API, such as http://localhost:11434/v1.' };
  if (!URL.canParse(baseURL) || !/^https?:$/.test(new URL(baseURL).protocol)) {
    return { outcome: 'invalid', message: `The base URL ${excerptText(baseURL, 120)} is not an http:// or https:// URL; it looks like ${keyed?.officialBaseURL ?? 'https://api.example.com/v1'}.` };
  }
  const isOperators = keyed !== undefined && isSameBaseURL(baseURL, operatorBaseURL);
  // The same binding a turn applies: the server's key never travels to a base URL a visitor named.
  const apiKey = (isOperators ? request.apiKey || keyed.serverKey : request.apiKey) || '';
  const providerName = keyed && isSameBaseURL(baseURL, keyed.officialBaseURL) ? keyed.vendor : `the server at ${baseURL}`;
  const network =
    options.fetch ?? createEgressFetch({ allowPrivateNetwork: isOperators || env.PLAYGROUND_ALLOW_PRIVATE_NETWORK === ALLOW_PRIVATE_NETWORK_VALUE });
  const target = describeModelList(request.provider, baseURL, apiKey);
  const api = request.provider === 'openai-compatible' ? 'openai' : request.provider;
  const answer = await probe({ ...target, hasKey: apiKey !== '', baseURL, providerName, api, network, timeoutMs: options.timeoutMs ?? PROVIDER_CHECK_BOUNDS.timeoutMs });
  return { ...answer, message: removeSecret(answer.message, apiKey) };
}

/** Where each provider lists its models, and the header its key goes in. */
function describeModelList(provider: ProviderCheckRequest['provider'], baseURL: string, apiKey: string): { url: string; headers: Record<string, string> } {
  const root = baseURL.replace(/\/+$/, '');
  const accept = { accept: 'application/json' };
  switch (provider) {
    case 'anthropic':
      return { url: `${root}/v1/models`, headers: { ...accept, 'anthropic-version': ANTHROPIC_API_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) } };
    case 'gemini':
      return { url: `${root}/v1beta/models`, headers: { ...accept, ...(apiKey ? { 'x-goog-api-key': apiKey } : {}) } };
    case 'openai':
    case 'openai-compatible':
      return { url: `${root}/models`, headers: { ...accept, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) } };
  }
}

type ProbeOptions = { url: string; headers: Record<string, string>; hasKey: boolean; baseURL: string; providerName: string; api: UnreadableAnswer['api']; network: FetchFunction; timeoutMs: number };

async function probe({ url, headers, hasKey, baseURL, providerName, api, network, timeoutMs }: ProbeOptions): Promise<ProviderCheckAnswer> {
  const who = startSentence(providerName);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await network(url, { method: 'GET', headers, signal: controller.signal });
    const text = await readBodyPrefix(response, PROVIDER_CHECK_BOUNDS.readBytes);
    const contentType = response.headers.get('content-type');
    const status = response.status;
    if (status === 401 || status === 403 || (status === 400 && hasKey && /API[_ ]KEY[_ ]INVALID|API key not valid/i.test(text))) {
      return hasKey
        ? { outcome: 'key-refused', message: `${who} is reachable but refused the key (status ${status}).` }
        : { outcome: 'key-needed', message: `${who} is reachable and asks for an API key (status ${status}); enter one.` };
    }
    if (isHtmlAnswer({ contentType, text }) || !looksLikeJson(text)) {
      return { outcome: 'not-an-api', message: describeUnreadableAnswer({ providerName, baseURL, status, contentType, text, api }) };
    }
    if (response.ok) {
      return { outcome: 'ready', message: hasKey ? `${who} is reachable and accepted the key.` : `${who} is reachable and answered without a key.` };
    }
    if (status === 404 || status === 405) {
      return { outcome: 'no-models-list', message: `${who} is reachable but does not list models (status ${status}), so the key could not be checked.` };
    }
    return { outcome: 'failed', message: `${who} answered status ${status}: ${excerptText(readErrorMessage(text), PROVIDER_CHECK_BOUNDS.messageLength)}` };
  } catch (error) {
    const refusal = findEgressRefusal(error);
    if (refusal) return { outcome: 'refused', message: describeEgressRefusal(refusal, { providerName, baseURL }) };
    if (controller.signal.aborted) return { outcome: 'unreachable', message: `${who} did not answer within ${timeoutMs / 1000} s.` };
    return { outcome: 'unreachable', message: `Could not reach ${providerName}: ${describeNetworkError(error)}.` };
  } finally {
    clearTimeout(timer);
  }
}

/** The first `limitBytes` of a body as text; the rest is cancelled, which drops the connection. */
async function readBodyPrefix(response: Response, limitBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const room = limitBytes - size;
    size += chunk.value.byteLength;
    text += decoder.decode(chunk.value.subarray(0, room), { stream: true });
    if (size >= limitBytes) {
      await reader.cancel();
      break;
    }
  }
  return text + decoder.decode();
}

/** A JSON API answers an object or an array; only the start is read, so the start is what is judged. */
function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

function readErrorMessage(text: string): string {
  const message = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  return (message ?? text).replace(/\s+/g, ' ').trim() || 'no message';
}

/** `ENOTFOUND`, `ECONNREFUSED`, … as the socket error reports them, through undici's wrapping. */
function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name does not resolve';
    if (code === 'ECONNREFUSED') return 'the connection was refused (is the server running?)';
    if (code === 'ECONNRESET') return 'the connection was reset';
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return String(error);
}

/** A provider may quote what it was sent; the key is cut out of anything shown. */
function removeSecret(message: string, secret: string): string {
  return secret.length >= 4 ? message.split(secret).join('[key]') : message;
}
