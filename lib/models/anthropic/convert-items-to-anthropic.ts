import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { type ConversationItem, isPlainObject, type JsonValue } from '@/lib/runtime';
import { qualifyToolName } from './qualify-tool-name';
import { writeToolSearchItem } from './convert-anthropic-tool-search';

/** Anthropic's own content blocks the runtime keeps as opaque items and sends back untouched. */
const ANTHROPIC_BLOCK_TYPES = new Set(['thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'web_fetch_tool_result', 'code_execution_tool_result']);

/** Whether an opaque item is one of Anthropic's blocks (thinking, its own tool search) rather than another provider's item. */
export function isAnthropicBlock(item: { [key: string]: JsonValue }): boolean {
  return typeof item.type === 'string' && ANTHROPIC_BLOCK_TYPES.has(item.type);
}

/**
 * Conversation items → Anthropic's `system` and `messages`. Assistant text, thinking blocks and
 * `tool_use` blocks of one model turn join one assistant message; tool outputs become
 * `tool_result` blocks (failures with `is_error`) at the head of the next user message.
 * System and developer messages join `system` after the instructions; Anthropic's own tool
 * searches go back as its blocks. Items another provider made (its reasoning, its tool searches)
 * have no Anthropic form and are left out.
 */
export function convertItemsToAnthropic(instructions: string | undefined, items: readonly ConversationItem[]): { system?: string; messages: MessageParam[] } {
  const system: string[] = instructions ? [instructions] : [];
  const messages: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', block: ContentBlockParam) => {
    const last = messages.at(-1);
    if (last && last.role === role && Array.isArray(last.content)) {
      // Results answer the calls just before them, so they lead the user's message.
      if (block.type === 'tool_result') {
        const firstOther = last.content.findIndex((existing) => existing.type !== 'tool_result');
        if (firstOther >= 0) last.content.splice(firstOther, 0, block);
        else last.content.push(block);
      } else last.content.push(block);
      return;
    }
    messages.push({ role, content: [block] });
  };
  for (const item of items) {
    switch (item.type) {
      case 'message':
        if (item.role === 'system' || item.role === 'developer') system.push(item.content);
        else if (item.content) push(item.role, { type: 'text', text: item.content });
        break;
      case 'function_call':
        push('assistant', { type: 'tool_use', id: item.call_id, name: qualifyToolName(item.name, item.namespace), input: readInput(item.arguments) });
        break;
      case 'function_call_output':
        push('user', {
          type: 'tool_result',
          tool_use_id: item.call_id,
          content: item.output,
          ...(item.is_error ? { is_error: true } : {}),
        });
        break;
      case 'opaque':
        if (isAnthropicBlock(item.item)) push('assistant', item.item as unknown as ContentBlockParam);
        break;
      case 'tool_search_call':
      case 'tool_search_output': {
        const block = writeToolSearchItem(item);
        if (block) push('assistant', block);
        break;
      }
    }
  }
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages };
}

/** `tool_use.input` must be an object: arguments that are not a JSON object go back as `{}` (the call's error output says why). */
function readInput(text: string): { [key: string]: JsonValue } {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? (parsed as { [key: string]: JsonValue }) : {};
  } catch (error) {
    if (error instanceof SyntaxError) return {};
    throw error;
  }
}
