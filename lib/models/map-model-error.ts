import OpenAI from 'openai';
import type { ModelError } from '@/lib/runtime';
import { describeEgressRefusal } from './egress/describe-egress-refusal';
import { EGRESS_LIMITS } from './egress/egress-limits';
import { findEgressRefusal } from './egress/egress-refusal';
import { excerptText } from './egress/excerpt-text';
import { startSentence } from './start-sentence';

export type ErrorContext = { providerName: string; baseURL: string; timeoutMs: number };

/**
 * Anything the SDK call threw → a ModelError carrying the provider's own message (an excerpt of
 * it), or the egress policy's reason for refusing the request.
 */
export function mapModelError(error: unknown, context: ErrorContext): ModelError {
  const refusal = findEgressRefusal(error);
  if (refusal) {
    return {
      code: 'request-failed',
      message: describeEgressRefusal(refusal, context),
      ...(refusal.code === 'redirect' ? { status: refusal.status } : {}),
    };
  }
  if (error instanceof OpenAI.APIUserAbortError) return { code: 'aborted', message: 'The model request was aborted.' };
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return { code: 'request-failed', message: describeTimeout(context) };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? describeCause(error.cause) : error.message;
    return { code: 'request-failed', message: `Could not reach ${context.providerName} at ${context.baseURL}: ${cause}` };
  }
  if (error instanceof OpenAI.APIError) {
    return {
      code: 'request-failed',
      message: excerptText(readProviderMessage(error), EGRESS_LIMITS.failedBodyExcerptLength),
      ...(typeof error.status === 'number' ? { status: error.status } : {}),
    };
  }
  if (error instanceof SyntaxError) {
    return { code: 'response-malformed', message: `${startSentence(context.providerName)} sent a body that is not valid JSON: ${error.message}` };
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { code: 'aborted', message: 'The model request was aborted.' };
    return { code: 'request-failed', message: `${startSentence(context.providerName)} request failed: ${error.message}` };
  }
  return { code: 'request-failed', message: `${startSentence(context.providerName)} request failed: ${String(error)}` };
}

function readProviderMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body: unknown = error.error;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return error.message;
}

function describeCause(cause: Error): string {
  const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
  return `${cause.message}${inner}`;
}

/** The words for a provider that did not answer within the time budget. */
export function describeTimeout(context: ErrorContext): string {
  return `${startSentence(context.providerName)} did not answer within ${formatSeconds(context.timeoutMs)} (${context.baseURL}).`;
}

function formatSeconds(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

