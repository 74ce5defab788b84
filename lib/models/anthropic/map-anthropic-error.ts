import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { isPlainObject, type JsonValue, type ModelError } from '@/lib/runtime';
import { findEgressRefusal } from '../egress/egress-refusal';
import { mapModelError, type ErrorContext } from '../map-model-error';
import { describeAnthropicError } from './convert-anthropic-message';

/**
 * What the Anthropic SDK threw (or the stream parser, on an `error` event) → a ModelError that
 * says what happened: Anthropic's error type and message, the status, and for a 429 when to
 * retry. Connection failures, timeouts and aborts read as they do for every provider.
 */
export function mapAnthropicError(error: unknown, context: ErrorContext): ModelError | undefined {
  if (findEgressRefusal(error)) return undefined;
  if (error instanceof Anthropic.APIUserAbortError) return mapModelError(new OpenAI.APIUserAbortError(), context);
  if (error instanceof Anthropic.APIConnectionTimeoutError) return mapModelError(new OpenAI.APIConnectionTimeoutError(), context);
  if (error instanceof Anthropic.APIConnectionError) {
    return mapModelError(new OpenAI.APIConnectionError({ message: error.message, cause: error.cause instanceof Error ? error.cause : undefined }), context);
  }
  if (error instanceof Anthropic.APIError) {
    const body: unknown = error.error;
    const inner = isPlainObject(body) && isPlainObject(body.error) ? (body.error as { [key: string]: JsonValue }) : { type: 'error', message: error.message };
    const described = describeAnthropicError(inner, error.status);
    const retryAfter = error.status === 429 ? error.headers?.get('retry-after') : null;
    return retryAfter ? { ...described, message: `${described.message} Retry after ${retryAfter} s.` } : described;
  }
  // The stream's `error` event, thrown by the SSE parser with Anthropic's error object.
  if (error instanceof OpenAI.APIError && isPlainObject(error.error) && typeof error.error.type === 'string') {
    return describeAnthropicError(error.error as { [key: string]: JsonValue });
  }
  return undefined;
}
