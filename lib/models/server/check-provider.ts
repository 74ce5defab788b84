// Server-only: sends one cheap request to a provider a visitor named, under the turns' egress policy.
import type { ModelEnvironment } from './create-model-client';
import { describeUnreadableAnswer, isHtmlAnswer } from '../describe-unreadable-answer';
import { createEgressFetch } from '../egress/create-egress-fetch';
import { describeEgressRefusal } from '../egress/describe-egress-refusal';
import { ALLOW_PRIVATE_NETWORK_VALUE } from '../egress/egress-limits';
import { findEgressRefusal } from '../egress/egress-refusal';
import { excerptText } from '../egress/excerpt-text';
import { isSameBaseURL } from '../is-same-base-url';
import { OPENAI_BASE_URL } from '../openai/openai-responses-client';
import type { FetchFunction } from '../record-exchanges';
import type { ProviderCheckAnswer, ProviderCheckRequest } from '../provider-check';
import { startSentence } from '../start-sentence';

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
 * Sends `GET <baseURL>/models` with the key the turn would send (the server's key only to the
 * operator's base URL) and says in one sentence whether a turn can reach the model: reachable,
 * key accepted or refused, an HTML page instead of an API, unreachable, or refused by the egress
 * policy. The key never appears in the answer.
 */
export async function checkProvider(request: ProviderCheckRequest, options: CheckProviderOptions = {}): Promise<ProviderCheckAnswer> {
  const env = options.env ?? {};
  const operatorBaseURL = env.OPENAI_BASE_URL || OPENAI_BASE_URL;
  const named = request.baseURL.trim();
  const baseURL = request.provider === 'openai' && named === '' ? operatorBaseURL : named;
  if (baseURL === '') return { outcome: 'invalid', message: 'Enter the base URL of an OpenAI-compatible API, such as http://localhost:11434/v1.' };
  if (!URL.canParse(baseURL) || !/^https?:$/.test(new URL(baseURL).protocol)) {
    return { outcome: 'invalid', message: `The base URL ${excerptText(baseURL, 120)} is not an http:// or https:// URL; it looks like https://api.example.com/v1.` };
  }
  const isOperators = request.provider === 'openai' && isSameBaseURL(baseURL, operatorBaseURL);
  // The same binding a turn applies: the server's key never travels to a base URL a visitor named.
  const apiKey = (isOperators ? request.apiKey || env.OPENAI_API_KEY : request.apiKey) || '';
  const providerName = request.provider === 'openai' && isSameBaseURL(baseURL, OPENAI_BASE_URL) ? 'OpenAI' : `the server at ${baseURL}`;
  const network =
    options.fetch ?? createEgressFetch({ allowPrivateNetwork: isOperators || env.PLAYGROUND_ALLOW_PRIVATE_NETWORK === ALLOW_PRIVATE_NETWORK_VALUE });
  const answer = await probe({ baseURL, apiKey, providerName, network, timeoutMs: options.timeoutMs ?? PROVIDER_CHECK_BOUNDS.timeoutMs });
  return { ...answer, message: removeSecret(answer.message, apiKey) };
}

type ProbeOptions = { baseURL: string; apiKey: string; providerName: string; network: FetchFunction; timeoutMs: number };

async function probe({ baseURL, apiKey, providerName, network, timeoutMs }: ProbeOptions): Promise<ProviderCheckAnswer> {
  const who = startSentence(providerName);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await network(`${baseURL.replace(/\/+$/, '')}/models`, {
      method: 'GET',
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: controller.signal,
    });
    const text = await readBodyPrefix(response, PROVIDER_CHECK_BOUNDS.readBytes);
    const contentType = response.headers.get('content-type');
    const status = response.status;
    if (status === 401 || status === 403) {
      return apiKey
        ? { outcome: 'key-refused', message: `${who} is reachable but refused the key (status ${status}).` }
        : { outcome: 'key-needed', message: `${who} is reachable and asks for an API key (status ${status}); enter one.` };
    }
    if (isHtmlAnswer({ contentType, text }) || !looksLikeJson(text)) {
      return { outcome: 'not-an-api', message: describeUnreadableAnswer({ providerName, baseURL, status, contentType, text }) };
    }
    if (response.ok) {
      return { outcome: 'ready', message: apiKey ? `${who} is reachable and accepted the key.` : `${who} is reachable and answered without a key.` };
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
