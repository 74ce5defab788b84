import { isPlainObject, type JsonValue, type ModelDelta, type ModelError, err, ok } from '@/lib/runtime';
import type { ChatToolNames } from './convert-chat-completions';
import type { StreamAccumulator } from '../read-raw-body';

type StreamedToolCall = { index: number; id?: string; name: string; arguments: string; item?: number };

/**
 * Reads Chat Completions chunks (`stream: true`, usage in the last chunk with
 * `stream_options.include_usage`): `delta.content` and each `delta.tool_calls[].function.arguments`
 * go to `onDelta` as they arrive, numbered as output items in the order they first appear (text
 * first when it comes first, as `convertChatCompletionBody` orders them); the body is the
 * `chat.completion` the joined chunks make.
 */
export function accumulateChatCompletionStream(names: ChatToolNames, onDelta?: (delta: ModelDelta) => void): StreamAccumulator {
  const toolCalls = new Map<number, StreamedToolCall>();
  let chunks = 0;
  let id: JsonValue = '';
  let content: string | undefined;
  let textItem: number | undefined;
  let items = 0;
  let finishReason: JsonValue = null;
  let usage: JsonValue | undefined;
  return {
    add(chunk) {
      if (!isPlainObject(chunk)) return ok(undefined);
      chunks += 1;
      if (typeof chunk.id === 'string' && chunk.id) id = chunk.id;
      if (isPlainObject(chunk.usage)) usage = chunk.usage as JsonValue;
      const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
      if (!isPlainObject(choice)) return ok(undefined);
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      const delta = isPlainObject(choice.delta) ? choice.delta : {};
      if (typeof delta.content === 'string' && delta.content !== '') {
        content = (content ?? '') + delta.content;
        textItem ??= items++;
        onDelta?.({ kind: 'text', item: textItem, delta: delta.content });
      }
      const streamedCalls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
      for (const [position, raw] of streamedCalls.entries()) {
        if (!isPlainObject(raw)) continue;
        const index = typeof raw.index === 'number' ? raw.index : position;
        const fn = isPlainObject(raw.function) ? raw.function : {};
        const call = toolCalls.get(index) ?? { index, name: '', arguments: '' };
        toolCalls.set(index, call);
        if (typeof raw.id === 'string' && raw.id && !call.id) call.id = raw.id;
        if (typeof fn.name === 'string' && fn.name && !call.name) call.name = fn.name;
        // Some servers send a call's arguments whole, as an object.
        const piece = typeof fn.arguments === 'string' ? fn.arguments : fn.arguments === undefined || fn.arguments === null ? '' : JSON.stringify(fn.arguments);
        if (piece === '') continue;
        call.arguments += piece;
        call.item ??= items++;
        const mapped = names.get(call.name) ?? { name: call.name };
        onDelta?.({ kind: 'arguments', item: call.item, delta: piece, callId: call.id ?? `call_${index}`, ...mapped });
      }
      return ok(undefined);
    },
    finish() {
      if (chunks === 0) return err<ModelError>({ code: 'response-malformed', message: 'The server\'s stream ended without a single chunk.' });
      const calls = [...toolCalls.values()].sort((a, b) => a.index - b.index);
      const message = {
        role: 'assistant',
        content: content ?? null,
        ...(calls.length > 0
          ? { tool_calls: calls.map((call) => ({ ...(call.id ? { id: call.id } : {}), type: 'function', function: { name: call.name, arguments: call.arguments } })) }
          : {}),
      };
      return ok({ id, object: 'chat.completion', choices: [{ index: 0, finish_reason: finishReason, message }], ...(usage === undefined ? {} : { usage }) });
    },
  };
}
