import type { Content, Part } from '@google/genai';
import { isPlainObject, type ConversationItem, type JsonValue, type OfferedTool } from '@/lib/runtime';
import { parseBody } from '../record-exchanges';
import { GEMINI_TOOL_SEARCH_NAME, qualifyGeminiName } from './gemini-tool-names';

/** A request's conversation in Gemini's terms. */
export type GeminiConversation = { contents: Content[]; systemInstruction?: Content };

/**
 * Conversation items → Gemini `contents`: user text and function responses are `user` turns,
 * assistant text and function calls `model` turns; consecutive parts of one role share a turn, so
 * parallel calls travel together and their responses answer them together. Thought signatures go
 * back on the part they came with. Instructions and system/developer messages become the
 * `systemInstruction`. The runtime's own tool search travels as a call of its `tool_search`
 * function and its response, naming the functions it loaded (declared from then on). Items Gemini
 * has no form for (another provider's hosted search, its reasoning) are left out.
 */
export function convertItemsToGemini(instructions: string | undefined, items: readonly ConversationItem[]): GeminiConversation {
  const contents: Content[] = [];
  const system: Part[] = instructions ? [{ text: instructions }] : [];
  // Gemini's own call id is the item's `id`; a call it sent without one is answered without one.
  const calls = new Map<string, { name: string; id?: string }>();
  const append = (role: 'user' | 'model', part: Part) => {
    const last = contents.at(-1);
    if (last?.role === role) (last.parts ??= []).push(part);
    else contents.push({ role, parts: [part] });
  };
  for (const item of items) {
    switch (item.type) {
      case 'message':
        if (item.role === 'system' || item.role === 'developer') system.push({ text: item.content });
        else append(item.role === 'user' ? 'user' : 'model', { text: item.content, ...signature(item) });
        break;
      case 'function_call': {
        const call = { name: qualifyGeminiName(item.name, item.namespace), ...(item.id ? { id: item.id } : {}) };
        calls.set(item.call_id, call);
        append('model', { functionCall: { ...call, args: readArguments(item.arguments) }, ...signature(item) });
        break;
      }
      case 'function_call_output':
        append('user', {
          functionResponse: {
            ...(calls.get(item.call_id)?.id ? { id: calls.get(item.call_id)?.id } : {}),
            name: calls.get(item.call_id)?.name ?? '',
            response: item.is_error ? { error: readOutput(item.output) } : { output: readOutput(item.output) },
          },
        });
        break;
      case 'tool_search_call':
        // Only the runtime's own searches have a Gemini form (a call of its function); another provider's hosted search is left out.
        if (item.execution !== 'client') break;
        calls.set(item.call_id, { name: GEMINI_TOOL_SEARCH_NAME, ...(item.id ? { id: item.id } : {}) });
        append('model', { functionCall: { ...(item.id ? { id: item.id } : {}), name: GEMINI_TOOL_SEARCH_NAME, args: readSearchArguments(item.arguments) }, ...signature(item) });
        break;
      case 'tool_search_output': {
        const call = calls.get(item.call_id);
        if (item.execution !== 'client' || !call) break;
        append('user', { functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name, response: { output: { loaded: listLoaded(item.tools) } } } });
        break;
      }
      case 'opaque':
        break;
    }
  }
  return { contents, ...(system.length > 0 ? { systemInstruction: { parts: system } } : {}) };
}

/** A search's arguments as Gemini's `args` object: the `{ query }` it was called with, or the text as the query. */
function readSearchArguments(value: JsonValue): Record<string, unknown> {
  if (isPlainObject(value)) return value;
  if (typeof value !== 'string') return {};
  const parsed = parseBody(value);
  return isPlainObject(parsed) ? parsed : { query: value };
}

/** The wire names of the functions a search loaded. */
function listLoaded(tools: readonly OfferedTool[]): string[] {
  return tools.flatMap((tool) => (tool.type === 'function' ? [qualifyGeminiName(tool.name)] : tool.type === 'namespace' ? tool.tools.map((fn) => qualifyGeminiName(fn.name, tool.name)) : []));
}

function signature(item: { thought_signature?: string }): Pick<Part, 'thoughtSignature'> {
  return item.thought_signature ? { thoughtSignature: item.thought_signature } : {};
}

/**
 * A call's arguments as Gemini's `args` object. Gemini's own calls always parse; a call staged
 * with broken JSON (a scripted model) goes back as the text it was, which Gemini itself refuses.
 */
function readArguments(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const parsed = parseBody(text);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  return text as unknown as Record<string, unknown>;
}

/** An output that is JSON travels as that value, anything else as its text. */
function readOutput(text: string): JsonValue {
  return parseBody(text);
}
