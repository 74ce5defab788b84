import { isPlainObject, type JsonValue } from '@/lib/runtime/json';
import type { CallNotes, ConversationItem, ModelError, ModelResponse, OfferedTool } from '@/lib/runtime/model-client';
import { err, ok, type Result } from '@/lib/runtime/result';

/** A Responses API item as JSON on the wire. */
export type ResponsesWireItem = { [key: string]: JsonValue };

/** Conversation items → Responses `input` items; the whole conversation is sent every time. */
export function convertItemsToResponsesInput(items: readonly ConversationItem[]): ResponsesWireItem[] {
  return items.map((item): ResponsesWireItem => {
    switch (item.type) {
      case 'message':
        return { type: 'message', role: item.role, content: item.content };
      case 'function_call':
        return {
          type: 'function_call',
          ...(item.id ? { id: item.id } : {}),
          call_id: item.call_id,
          name: item.name,
          ...(item.namespace ? { namespace: item.namespace } : {}),
          arguments: item.arguments,
        };
      case 'function_call_output':
        return { type: 'function_call_output', call_id: item.call_id, output: item.output };
      case 'tool_search_call':
        return {
          type: 'tool_search_call',
          ...(item.id ? { id: item.id } : {}),
          call_id: item.call_id,
          arguments: item.arguments,
          execution: item.execution,
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
export function convertResponsesItem(raw: unknown, where: string): Result<ConversationItem, string> {
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
      });
    }
    case 'function_call_output': {
      const { call_id: callId, output } = item;
      if (typeof callId !== 'string') return err(`${where} (function_call_output) needs a string call_id.`);
      return ok({ type: 'function_call_output', call_id: callId, output: stringifyOutput(output) });
    }
    case 'tool_search_call': {
      const execution = item.execution === 'server' ? 'server' : 'client';
      return ok({
        type: 'tool_search_call',
        call_id: typeof item.call_id === 'string' ? item.call_id : String(item.id ?? ''),
        arguments: item.arguments ?? null,
        execution,
        ...(typeof item.id === 'string' ? { id: item.id } : {}),
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

/** A Responses `Response` body → the runtime's ModelResponse, or why it is malformed. */
export function convertResponsesBody(body: unknown): Result<ModelResponse, ModelError> {
  const malformed = (message: string) => err<ModelError>({ code: 'response-malformed', message });
  if (!isPlainObject(body)) {
    const preview = typeof body === 'string' ? `: ${body.slice(0, 200)}` : '.';
    return malformed(`The provider's response is not a JSON object${preview}`);
  }
  if (!Array.isArray(body.output)) return malformed('The provider\'s response has no output array.');
  if (body.status === 'failed' && isPlainObject(body.error)) {
    return err({ code: 'request-failed', message: String(body.error.message ?? 'The response failed.') });
  }
  const output: ConversationItem[] = [];
  const callNotes: CallNotes[] = [];
  for (const [index, raw] of body.output.entries()) {
    const converted = convertResponsesItem(raw, `output[${index}]`);
    if (!converted.ok) return malformed(`The provider's response is malformed: ${converted.error}`);
    const item = converted.value;
    output.push(item);
    if (item.type === 'function_call' && isPlainObject(raw)) {
      const notes = readCallNotes(raw.notes);
      if (notes.length > 0) callNotes.push({ callId: item.call_id, notes });
    }
  }
  const usage = readUsage(body.usage);
  return ok({ id: typeof body.id === 'string' ? body.id : '', output, ...(usage ? { usage } : {}), ...(callNotes.length > 0 ? { callNotes } : {}) });
}

const MAX_CALL_NOTES = 16;
const MAX_NOTE_LENGTH = 300;

/** The embedded server's `notes` on a `function_call` item; bounded, since any server may send them. */
function readCallNotes(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const notes: string[] = [];
  for (const note of raw) {
    if (notes.length >= MAX_CALL_NOTES) break;
    if (typeof note === 'string' && note.length > 0) notes.push(note.length <= MAX_NOTE_LENGTH ? note : `${note.slice(0, MAX_NOTE_LENGTH - 1)}…`);
  }
  return notes;
}

function convertMessage(item: { [key: string]: JsonValue }, where: string): Result<ConversationItem, string> {
  const role = item.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') {
    return err(`${where} (message) has an unknown role.`);
  }
  if (typeof item.content === 'string') return ok({ type: 'message', role, content: item.content });
  if (!Array.isArray(item.content)) return err(`${where} (message) has no content.`);
  const parts = item.content.map((part) => {
    if (!isPlainObject(part)) return '';
    if (typeof part.text === 'string') return part.text;
    if (typeof part.refusal === 'string') return part.refusal;
    return '';
  });
  return ok({ type: 'message', role, content: parts.join('') });
}

function stringifyOutput(output: JsonValue | undefined): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  }
  return JSON.stringify(output ?? null);
}

/** Token usage from a Responses or Chat Completions body. */
export function readUsage(raw: unknown): ModelResponse['usage'] {
  if (!isPlainObject(raw)) return undefined;
  const inputTokens = Number(raw.input_tokens ?? raw.prompt_tokens ?? 0);
  const outputTokens = Number(raw.output_tokens ?? raw.completion_tokens ?? 0);
  const totalTokens = Number(raw.total_tokens ?? inputTokens + outputTokens);
  if (![inputTokens, outputTokens, totalTokens].every(Number.isFinite)) return undefined;
  return { inputTokens, outputTokens, totalTokens };
}
