import { isPlainObject, type JsonValue, type ModelDelta, type ModelError, err, ok } from '@/lib/runtime';
import type { StreamAccumulator } from '../read-raw-body';

type JsonObject = { [key: string]: JsonValue };
type StreamedCall = { callId: string; name: string; namespace?: string };

/**
 * Reads a Responses event stream: text (`response.output_text.delta`) and arguments
 * (`response.function_call_arguments.delta`, for the call `response.output_item.added` announced)
 * go to `onDelta` as they arrive; the body is the response of `response.completed` (or
 * `.incomplete`, `.failed`), with the items of `response.output_item.done` when it lists none.
 * An `error` event fails the request with the provider's message.
 */
export function accumulateResponsesStream(onDelta?: (delta: ModelDelta) => void): StreamAccumulator {
  const calls = new Map<number, StreamedCall>();
  const doneItems = new Map<number, JsonObject>();
  let final: JsonObject | undefined;
  return {
    add(event) {
      if (!isPlainObject(event)) return ok(undefined);
      const index = typeof event.output_index === 'number' ? event.output_index : -1;
      switch (event.type) {
        case 'response.output_item.added': {
          const item = event.item;
          if (isPlainObject(item) && item.type === 'function_call' && typeof item.call_id === 'string' && typeof item.name === 'string') {
            calls.set(index, { callId: item.call_id, name: item.name, ...(typeof item.namespace === 'string' && item.namespace ? { namespace: item.namespace } : {}) });
          }
          break;
        }
        case 'response.output_text.delta':
          if (typeof event.delta === 'string' && index >= 0) onDelta?.({ kind: 'text', item: index, delta: event.delta });
          break;
        case 'response.function_call_arguments.delta': {
          const call = calls.get(index);
          if (call && typeof event.delta === 'string') onDelta?.({ kind: 'arguments', item: index, delta: event.delta, ...call });
          break;
        }
        case 'response.output_item.done':
          if (isPlainObject(event.item) && index >= 0) doneItems.set(index, event.item as JsonObject);
          break;
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed':
          if (isPlainObject(event.response)) final = event.response as JsonObject;
          break;
        case 'error':
          return err<ModelError>({ code: 'request-failed', message: typeof event.message === 'string' && event.message ? event.message : 'The provider reported an error in the stream.' });
      }
      return ok(undefined);
    },
    finish() {
      if (!final) return err<ModelError>({ code: 'response-malformed', message: 'The provider\'s stream ended before the response was complete (no response.completed event).' });
      const listed = Array.isArray(final.output) && final.output.length > 0;
      if (listed || doneItems.size === 0) return ok(final);
      return ok({ ...final, output: [...doneItems.entries()].sort(([a], [b]) => a - b).map(([, item]) => item) });
    },
  };
}
