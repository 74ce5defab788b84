import { isPlainObject, type JsonValue } from '../vocabulary/json';
import type { ConversationItem, OfferedTool } from './model-client';
import { err, ok, type Result } from '../vocabulary/result';

/** A Responses API item as JSON on the wire. */
export type ResponsesWireItem = { [key: string]: JsonValue };

/**
 * Conversation items → Responses `input` items; the whole conversation is sent every time.
 * The fields other providers need (Gemini's `thought_signature`, `is_error` on an output) are
 * kept, so a `turn-end`'s conversation carries them back, unless `providerFields` is `drop`, as
 * for OpenAI, which refuses fields it does not know.
 */
export function toResponsesInput(items: readonly ConversationItem[], options: { providerFields?: 'keep' | 'drop' } = {}): ResponsesWireItem[] {
  const keep = options.providerFields !== 'drop';
  const signed = (item: { thought_signature?: string }): ResponsesWireItem => (item.thought_signature && keep ? { thought_signature: item.thought_signature } : {});
  return items.map((item): ResponsesWireItem => {
    switch (item.type) {
      case 'message':
        return { type: 'message', role: item.role, content: item.content, ...signed(item) };
      case 'function_call':
        return {
          type: 'function_call',
          ...(item.id ? { id: item.id } : {}),
          call_id: item.call_id,
          name: item.name,
          ...(item.namespace ? { namespace: item.namespace } : {}),
          arguments: item.arguments,
          ...signed(item),
        };
      case 'function_call_output':
        return { type: 'function_call_output', call_id: item.call_id, output: item.output, ...(item.is_error && keep ? { is_error: true } : {}) };
      case 'tool_search_call':
        return {
          type: 'tool_search_call',
          ...(item.id ? { id: item.id } : {}),
          call_id: item.call_id,
          arguments: item.arguments,
          execution: item.execution,
          ...signed(item),
        };
      case 'tool_search_output':
        return {
          type: 'tool_search_output',
          call_id: item.call_id,
          execution: item.execution,
          tools: item.tools as unknown as JsonValue[],
        };
      case 'opaque':
        return item.item;
    }
  });
}

/**
 * One Responses item (input or output form) → a conversation item. Items we do not interpret
 * (reasoning, hosted tool calls) become `opaque` so they can be passed back unchanged.
 */
export function fromResponsesItem(raw: unknown, where: string): Result<ConversationItem, string> {
  if (!isPlainObject(raw)) return err(`${where} is not an object.`);
  const item = raw as { [key: string]: JsonValue };
  const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message':
      return convertMessage(item, where);
    case 'function_call': {
      const { call_id: callId, name, arguments: args, namespace, id } = item;
      if (typeof callId !== 'string' || typeof name !== 'string' || typeof args !== 'string') {
        return err(`${where} (function_call) needs string call_id, name and arguments.`);
      }
      return ok({
        type: 'function_call',
        call_id: callId,
        name,
        ...(typeof namespace === 'string' && namespace ? { namespace } : {}),
        arguments: args,
        ...(typeof id === 'string' ? { id } : {}),
        ...readThoughtSignature(item),
      });
    }
    case 'function_call_output': {
      const { call_id: callId, output } = item;
      if (typeof callId !== 'string') return err(`${where} (function_call_output) needs a string call_id.`);
      return ok({ type: 'function_call_output', call_id: callId, output: stringifyOutput(output), ...(item.is_error === true ? { is_error: true as const } : {}) });
    }
    case 'tool_search_call': {
      const execution = item.execution === 'server' ? 'server' : 'client';
      return ok({
        type: 'tool_search_call',
        call_id: typeof item.call_id === 'string' ? item.call_id : String(item.id ?? ''),
        arguments: item.arguments ?? null,
        execution,
        ...(typeof item.id === 'string' ? { id: item.id } : {}),
        ...readThoughtSignature(item),
      });
    }
    case 'tool_search_output': {
      if (!Array.isArray(item.tools)) return err(`${where} (tool_search_output) needs a tools array.`);
      return ok({
        type: 'tool_search_output',
        call_id: typeof item.call_id === 'string' ? item.call_id : '',
        execution: item.execution === 'server' ? 'server' : 'client',
        tools: item.tools as unknown as OfferedTool[],
      });
    }
    default:
      if (typeof type !== 'string') return err(`${where} has no type.`);
      return ok({ type: 'opaque', item });
  }
}

function convertMessage(item: { [key: string]: JsonValue }, where: string): Result<ConversationItem, string> {
  const role = item.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') {
    return err(`${where} (message) has an unknown role.`);
  }
  if (typeof item.content === 'string') return ok({ type: 'message', role, content: item.content, ...readThoughtSignature(item) });
  if (!Array.isArray(item.content)) return err(`${where} (message) has no content.`);
  const parts = item.content.map((part) => {
    if (!isPlainObject(part)) return '';
    if (typeof part.text === 'string') return part.text;
    if (typeof part.refusal === 'string') return part.refusal;
    return '';
  });
  return ok({ type: 'message', role, content: parts.join('') });
}

function readThoughtSignature(item: { [key: string]: JsonValue }): { thought_signature?: string } {
  return typeof item.thought_signature === 'string' && item.thought_signature ? { thought_signature: item.thought_signature } : {};
}

function stringifyOutput(output: JsonValue | undefined): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  }
  return JSON.stringify(output ?? null);
}

/** Why a conversation sent back by a client cannot continue: the item and the reason. */
export type ConversationProblem = { index: number; message: string };

/**
 * A conversation as a client sends it back (Responses input items, e.g. a `turn-end`'s
 * `conversation`) → conversation items. Refuses what a provider would refuse: an item it cannot
 * read, and an output whose call is not earlier in the conversation.
 */
export function readConversation(raw: readonly unknown[]): Result<ConversationItem[], ConversationProblem> {
  const items: ConversationItem[] = [];
  const calls = new Set<string>();
  for (const [index, entry] of raw.entries()) {
    const converted = fromResponsesItem(entry, `conversation[${index}]`);
    if (!converted.ok) return err({ index, message: converted.error });
    const item = converted.value;
    if (item.type === 'function_call' || item.type === 'tool_search_call') calls.add(item.call_id);
    const answers = item.type === 'function_call_output' || (item.type === 'tool_search_output' && item.execution === 'client');
    if (answers && !calls.has(item.call_id)) {
      return err({ index, message: `conversation[${index}] (${item.type}) answers call_id ${JSON.stringify(item.call_id)}, which no earlier call in the conversation has.` });
    }
    items.push(item);
  }
  return ok(items);
}
