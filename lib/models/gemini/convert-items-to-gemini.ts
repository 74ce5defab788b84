import type { Content, Part } from '@google/genai';
import type { ConversationItem, JsonValue } from '@/lib/runtime';
import { parseBody } from '../record-exchanges';
import { qualifyGeminiName } from './gemini-tool-names';

/** A request's conversation in Gemini's terms. */
export type GeminiConversation = { contents: Content[]; systemInstruction?: Content };

/**
 * Conversation items → Gemini `contents`: user text and function responses are `user` turns,
 * assistant text and function calls `model` turns; consecutive parts of one role share a turn, so
 * parallel calls travel together and their responses answer them together. Thought signatures go
 * back on the part they came with. Instructions and system/developer messages become the
 * `systemInstruction`. Items Gemini has no form for (tool search, other providers' reasoning)
 * are left out.
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
      case 'tool_search_output':
      case 'opaque':
        break;
    }
  }
  return { contents, ...(system.length > 0 ? { systemInstruction: { parts: system } } : {}) };
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
