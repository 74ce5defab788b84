import { readText } from './read-json-attribute';
import type { TraceSpan } from './trace-run';

/**
 * Why a span failed, when it did: a status ERROR, an `exception` event (`span.recordException`) or
 * an `error.type` attribute each say so. The words are the status message, else the exception's
 * message, else the error type: what the app's tool threw, as near as the span recorded it.
 */
export function readSpanError(span: TraceSpan): string | undefined {
  const exception = span.events.find((event) => event.name === 'exception');
  const errorType = readText(span.attributes['error.type']);
  if (span.status.code !== 2 && exception === undefined && errorType === undefined) return undefined;
  return span.status.message ?? readText(exception?.attributes['exception.message']) ?? errorType ?? readText(exception?.attributes['exception.type']) ?? 'The tool call failed.';
}
