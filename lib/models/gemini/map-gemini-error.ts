import { ApiError } from '@google/genai';
import { isPlainObject, type ModelError } from '@/lib/runtime';
import { describeEgressRefusal } from '../egress/describe-egress-refusal';
import { EGRESS_LIMITS } from '../egress/egress-limits';
import { findEgressRefusal } from '../egress/egress-refusal';
import { excerptText } from '../egress/excerpt-text';
import { describeTimeout, type ErrorContext } from '../map-model-error';
import { startSentence } from '../start-sentence';

/** Why the request ended before an answer: the caller's abort, or the time budget. */
export type GeminiStop = 'aborted' | 'timed-out' | undefined;

/**
 * Anything the Gemini SDK call threw → a ModelError that says what happened: Gemini's own error
 * (`{ error: { code, message, status, details } }`) with its status and, for a 429, how long
 * `RetryInfo` says to wait; the egress policy's refusal; an abort or the time budget running out.
 */
export function mapGeminiError(error: unknown, context: ErrorContext, stop: GeminiStop): ModelError {
  const refusal = findEgressRefusal(error);
  if (refusal) return { code: 'request-failed', message: describeEgressRefusal(refusal, context), ...(refusal.code === 'redirect' ? { status: refusal.status } : {}) };
  if (stop === 'aborted') return { code: 'aborted', message: 'The model request was aborted.' };
  if (stop === 'timed-out') return { code: 'request-failed', message: describeTimeout(context) };
  if (error instanceof ApiError) {
    return { code: 'request-failed', message: excerptText(describeApiError(error, context.providerName), EGRESS_LIMITS.failedBodyExcerptLength), status: error.status };
  }
  if (error instanceof SyntaxError) return { code: 'response-malformed', message: `${startSentence(context.providerName)} sent a body that is not valid JSON: ${error.message}` };
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return { code: 'request-failed', message: `Could not reach ${context.providerName} at ${context.baseURL}: ${error.message}${cause}` };
  }
  return { code: 'request-failed', message: `${startSentence(context.providerName)} request failed: ${String(error)}` };
}

/** `<provider> answered 429 RESOURCE_EXHAUSTED: <message> Retry in 37s.`; the SDK's message is the error body's text. */
function describeApiError(error: ApiError, providerName: string): string {
  const body = parseErrorBody(error.message);
  const status = typeof body?.status === 'string' ? ` ${body.status}` : '';
  const message = typeof body?.message === 'string' && body.message ? body.message : error.message;
  const retry = readRetryDelay(body?.details);
  const advice = retry ? ` Retry in ${retry}.` : error.status === 429 ? ' Wait and retry: the rate or quota limit was reached.' : error.status >= 500 ? ' The fault is on the server\'s side; retrying later may work.' : '';
  return `${startSentence(providerName)} answered ${error.status}${status}: ${message}${advice}`;
}

function parseErrorBody(text: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return isPlainObject(parsed) && isPlainObject(parsed.error) ? parsed.error : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** `google.rpc.RetryInfo`'s `retryDelay` (a Duration such as `"37s"`), when the error carries one. */
function readRetryDelay(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (isPlainObject(detail) && String(detail['@type']).endsWith('google.rpc.RetryInfo') && typeof detail.retryDelay === 'string') return detail.retryDelay;
  }
  return undefined;
}
