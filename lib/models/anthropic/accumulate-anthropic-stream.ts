import { err, isPlainObject, type JsonValue, type ModelDelta, type ModelError, ok } from '@/lib/runtime';
import type { StreamAccumulator } from '../read-raw-body';
import type { AnthropicToolNames } from './convert-tools-to-anthropic';
import { describeAnthropicError } from './convert-anthropic-message';

type JsonObject = { [key: string]: JsonValue };
type Block = { start: JsonObject; text: string; json: string; thinking: string; signature: string; sawJson: boolean };

/**
 * Reads Anthropic's Messages event stream into the `Message` it would have sent whole:
 * `message_start` gives the message, `content_block_start`/`_delta` build each block (text,
 * `input_json_delta` pieces of a call's input, thinking and its signature), `message_delta`
 * the stop reason and final usage. Text and input pieces reach `onDelta` as they arrive, the
 * input under the call's own name and namespace. A call's input is the text its pieces make,
 * kept as that string (so the arguments are exactly what streamed, malformed or not).
 * An `error` event fails the request with what Anthropic said.
 */
export function accumulateAnthropicStream(names: AnthropicToolNames, onDelta?: (delta: ModelDelta) => void): StreamAccumulator {
  let message: JsonObject | undefined;
  const blocks = new Map<number, Block>();
  let usage: JsonObject = {};
  let stopped = false;
  return {
    add(event) {
      if (!isPlainObject(event)) return ok(undefined);
      const index = typeof event.index === 'number' ? event.index : -1;
      switch (event.type) {
        case 'message_start':
          if (isPlainObject(event.message)) {
            message = event.message as JsonObject;
            if (isPlainObject(message.usage)) usage = { ...(message.usage as JsonObject) };
          }
          break;
        case 'content_block_start':
          if (isPlainObject(event.content_block) && index >= 0) {
            blocks.set(index, { start: event.content_block as JsonObject, text: '', json: '', thinking: '', signature: '', sawJson: false });
          }
          break;
        case 'content_block_delta':
          addDelta(blocks.get(index), index, event.delta, { names, onDelta });
          break;
        case 'message_delta':
          if (message && isPlainObject(event.delta)) message = { ...message, ...(event.delta as JsonObject) };
          if (isPlainObject(event.usage)) usage = { ...usage, ...withoutNulls(event.usage as JsonObject) };
          break;
        case 'message_stop':
          stopped = true;
          break;
        case 'error':
          return err<ModelError>(isPlainObject(event.error) ? describeAnthropicError(event.error as JsonObject) : { code: 'request-failed', message: 'Anthropic reported an error in the stream.' });
      }
      return ok(undefined);
    },
    finish() {
      if (!message || !stopped) return err<ModelError>({ code: 'response-malformed', message: 'Anthropic\'s stream ended before the message was complete (no message_stop event).' });
      const content = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => finishBlock(block));
      return ok({ ...message, content, usage });
    },
  };
}

function addDelta(block: Block | undefined, index: number, delta: unknown, options: { names: AnthropicToolNames; onDelta?: (delta: ModelDelta) => void }): void {
  if (!block || !isPlainObject(delta)) return;
  switch (delta.type) {
    case 'text_delta':
      if (typeof delta.text !== 'string') return;
      block.text += delta.text;
      options.onDelta?.({ kind: 'text', item: index, delta: delta.text });
      return;
    case 'input_json_delta': {
      if (typeof delta.partial_json !== 'string') return;
      block.json += delta.partial_json;
      block.sawJson = true;
      const { id, name } = block.start;
      // Only a call grows on the timeline; a server tool's input (Anthropic's search) arrives whole with its block.
      if (block.start.type !== 'tool_use' || typeof id !== 'string' || typeof name !== 'string' || delta.partial_json === '') return;
      const mapped = options.names.get(name);
      const call = { callId: id, name: mapped?.name ?? name, ...(mapped?.namespace ? { namespace: mapped.namespace } : {}) };
      options.onDelta?.({ kind: 'arguments', item: index, delta: delta.partial_json, ...call });
      return;
    }
    case 'thinking_delta':
      if (typeof delta.thinking === 'string') block.thinking += delta.thinking;
      return;
    case 'signature_delta':
      if (typeof delta.signature === 'string') block.signature += delta.signature;
      return;
  }
}

function finishBlock(block: Block): JsonObject {
  const start = block.start;
  switch (start.type) {
    case 'text':
      return { ...start, text: `${typeof start.text === 'string' ? start.text : ''}${block.text}` };
    case 'thinking':
      return { ...start, thinking: `${typeof start.thinking === 'string' ? start.thinking : ''}${block.thinking}`, signature: `${typeof start.signature === 'string' ? start.signature : ''}${block.signature}` };
    case 'tool_use':
    case 'server_tool_use':
      return block.sawJson && block.json.trim() !== '' ? { ...start, input: block.json } : start;
    default:
      return start;
  }
}

function withoutNulls(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null));
}
