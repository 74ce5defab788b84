import { isPlainObject, type JsonValue } from '@/lib/runtime';
import { EGRESS_LIMITS } from './egress-limits';
import { excerptText } from './excerpt-text';

/**
 * What is kept of a failed (non-2xx) provider body: a body within the excerpt length as it
 * came, else `{ error: { message } }` with the provider's message (or the raw text) cut to
 * the excerpt length. The SDK reads the same value the tape stores, so a replay reports the
 * failure in the same words. `body` is `text` parsed, or the text itself when it is not JSON.
 */
export function excerptFailedBody(text: string, body: JsonValue): string {
  const maxLength = EGRESS_LIMITS.failedBodyExcerptLength;
  if (text.length <= maxLength) return text;
  const message = readErrorMessage(body) ?? text.trim();
  return JSON.stringify({ error: { message: excerptText(message, maxLength) } });
}

function readErrorMessage(body: JsonValue): string | undefined {
  if (!isPlainObject(body)) return undefined;
  const error = body.error;
  if (isPlainObject(error) && typeof error.message === 'string' && error.message) return error.message;
  for (const candidate of [error, body.message, body.detail]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return undefined;
}
