import { excerptText } from './egress/excerpt-text';
import { startSentence } from './start-sentence';

export type UnreadableAnswer = {
  /** As it reads mid-sentence: "OpenAI", "the server at http://…". */
  providerName: string;
  baseURL: string;
  status: number;
  /** The answer's `Content-Type`, when it was known. */
  contentType?: string | null;
  /** The body as received (or its excerpt). */
  text: string;
  /** Whose API the base URL should lead to: OpenAI's ends in a version, Anthropic's and Gemini's are the root (their SDKs add the version). OpenAI's when unset. */
  api?: 'openai' | 'anthropic' | 'gemini';
};

const SHOWN_TEXT = 120;

/**
 * One sentence for an answer that is not the JSON an API sends: an HTML page (a web server, a
 * login page, a proxy's error page) or other text. An HTML page is named as such rather than
 * quoted, with the usual cause: a base URL without the API's path.
 */
export function describeUnreadableAnswer(answer: UnreadableAnswer): string {
  const who = startSentence(answer.providerName);
  if (isHtmlAnswer(answer)) {
    return `${who} answered an HTML page with status ${answer.status}, not the JSON of an API: ${describeBaseURLHint(answer)}.`;
  }
  const shown = excerptText(answer.text.trim().replace(/\s+/g, ' '), SHOWN_TEXT);
  const body = shown === '' ? 'an empty body' : `a body that is not JSON ("${shown}")`;
  return `${who} answered status ${answer.status} with ${body}: ${describeBaseURLHint(answer)}.`;
}

/** The body is an HTML document, by its declared type or by how it starts. */
export function isHtmlAnswer(answer: Pick<UnreadableAnswer, 'contentType' | 'text'>): boolean {
  const type = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  return /^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(answer.text);
}

const API_NAMES = { openai: 'an OpenAI-compatible API', anthropic: 'an Anthropic Messages API', gemini: 'a Gemini API' } as const;

function describeBaseURLHint({ baseURL, api = 'openai' }: Pick<UnreadableAnswer, 'baseURL' | 'api'>): string {
  const path = URL.canParse(baseURL) ? new URL(baseURL).pathname.replace(/\/+$/, '') : '';
  const versioned = /\/v\d+(?:beta)?$/.test(path);
  if (api === 'openai' && !versioned) return `the base URL usually ends in /v1 (it is ${baseURL})`;
  if (api !== 'openai' && versioned) return `the base URL is the server's root, without ${path.slice(path.lastIndexOf('/'))} (the SDK adds the API's path; it is ${baseURL})`;
  return `check that ${baseURL} is the address of ${API_NAMES[api]}`;
}
