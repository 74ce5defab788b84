import { fromResponsesItem, type JsonValue } from '@/lib/runtime';

/** A part of a GenAI message (the semantic conventions' input and output messages JSON schemas). */
export type GenAiPart =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: JsonValue }
  | { type: 'tool_call_response'; id: string; response: JsonValue };

export type GenAiMessage = { role: 'system' | 'user' | 'assistant' | 'tool'; parts: GenAiPart[] };

/** An output message: one choice, with why the model stopped. */
export type GenAiOutputMessage = GenAiMessage & { role: 'assistant'; finish_reason: 'stop' | 'tool_call' | 'length' | 'error' };

/** A call as the model proposed it: its raw arguments text. */
export type ProposedCall = { callId: string; name: string; arguments: string };

/** The arguments as the conventions prefer them (an object), or the raw text when it is not JSON. */
export function readArgumentsValue(raw: string): JsonValue {
  try {
    return JSON.parse(raw) as JsonValue;
  } catch {
    return raw;
  }
}

/** The assistant's message of one response: its text, then its calls in model order. */
export function buildAssistantMessage(text: string | undefined, calls: readonly ProposedCall[]): GenAiMessage {
  const parts: GenAiPart[] = [];
  if (text) parts.push({ type: 'text', content: text });
  for (const call of calls) parts.push({ type: 'tool_call', id: call.callId, name: call.name, arguments: readArgumentsValue(call.arguments) });
  return { role: 'assistant', parts };
}

export function buildToolMessage(callId: string, output: string): GenAiMessage {
  return { role: 'tool', parts: [{ type: 'tool_call_response', id: callId, response: output }] };
}

/**
 * Responses input items (a turn's carried-in `conversation`) as GenAI messages: consecutive
 * assistant texts and calls join one assistant message; each output is its own tool message.
 * Items without a GenAI form (reasoning and other opaque items) are left out.
 */
export function convertConversationItems(items: readonly unknown[]): GenAiMessage[] {
  const messages: GenAiMessage[] = [];
  const pushAssistantPart = (part: GenAiPart) => {
    const last = messages.at(-1);
    if (last?.role === 'assistant') last.parts.push(part);
    else messages.push({ role: 'assistant', parts: [part] });
  };
  items.forEach((raw, index) => {
    const read = fromResponsesItem(raw, `conversation[${index}]`);
    if (!read.ok) return;
    const item = read.value;
    switch (item.type) {
      case 'message':
        if (item.role === 'assistant') pushAssistantPart({ type: 'text', content: item.content });
        else messages.push({ role: item.role === 'user' ? 'user' : 'system', parts: [{ type: 'text', content: item.content }] });
        return;
      case 'function_call':
        pushAssistantPart({ type: 'tool_call', id: item.call_id, name: item.namespace ? `${item.namespace}.${item.name}` : item.name, arguments: readArgumentsValue(item.arguments) });
        return;
      case 'function_call_output':
        messages.push(buildToolMessage(item.call_id, item.output));
        return;
      case 'tool_search_call':
        pushAssistantPart({ type: 'tool_call', id: item.call_id, name: 'tool_search', arguments: item.arguments });
        return;
      case 'tool_search_output':
        messages.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: item.call_id, response: item.tools.map((tool) => ('name' in tool ? tool.name : tool.type)) }] });
        return;
      case 'opaque':
        return;
    }
  });
  return messages;
}
