import { type ConversationItem, err, isPlainObject, type JsonValue, ok, type OfferedFunction, type OfferedTool, type RequestToolChoice, type Result } from '@/lib/runtime';
import { isAnthropicToolSearch, readToolSearchBlock } from './convert-anthropic-tool-search';
import type { AnthropicToolNames } from './convert-tools-to-anthropic';

type JsonObject = { [key: string]: JsonValue };

/** What a Messages request asks, in the runtime's terms: what a server reads from Anthropic's wire format. */
export type AnthropicRequestReading = {
  instructions?: string;
  input: ConversationItem[];
  /** Functions under their wire names, and Anthropic's tool search tool as the hosted `tool_search`. */
  tools: OfferedTool[];
  parallelToolCalls: boolean;
  toolChoice?: RequestToolChoice;
  temperature?: number;
  maxOutputTokens?: number;
};

/**
 * A Messages API request body → the runtime's items and tools (the other direction of
 * `buildAnthropicRequest`): `system` → instructions, text blocks → messages, `tool_use` →
 * function calls, `tool_result` → outputs, Anthropic's tool searches → hosted searches and the
 * tools they loaded, Anthropic's other blocks → opaque items. Tools keep
 * their wire names (a qualified name stays qualified: that is the name the model sees). The error
 * says what Anthropic would answer with a 400.
 */
export function convertAnthropicToItems(body: unknown): Result<AnthropicRequestReading, string> {
  if (!isPlainObject(body)) return err('The request body must be a JSON object.');
  if (!Array.isArray(body.messages)) return err('messages: Field required');
  if (typeof body.max_tokens !== 'number') return err('max_tokens: Field required');
  const tools = readTools(body.tools);
  if (!tools.ok) return tools;
  const names: AnthropicToolNames = new Map(tools.value.flatMap((tool) => (tool.type === 'function' ? [[tool.name, { name: tool.name, definition: tool }] as const] : [])));
  const input: ConversationItem[] = [];
  for (const [index, message] of body.messages.entries()) {
    if (!isPlainObject(message) || (message.role !== 'user' && message.role !== 'assistant')) return err(`messages.${index}.role: Input should be 'user' or 'assistant'`);
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return err(`messages.${index}.content: Input should be a valid list`);
    for (const [place, block] of blocks.entries()) {
      const item = readBlock(message.role, block as JsonValue, names);
      if (!item.ok) return err(`messages.${index}.content.${place}: ${item.error}`);
      if (item.value) input.push(item.value);
    }
  }
  const choice = isPlainObject(body.tool_choice) ? (body.tool_choice as JsonObject) : undefined;
  const toolChoice = readToolChoice(choice);
  return ok({
    ...readSystem(body.system as JsonValue | undefined),
    input,
    tools: tools.value,
    parallelToolCalls: choice?.disable_parallel_tool_use !== true,
    ...(toolChoice ? { toolChoice } : {}),
    ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}),
    maxOutputTokens: body.max_tokens,
  });
}

function readTools(raw: unknown): Result<OfferedTool[], string> {
  const tools: OfferedTool[] = [];
  for (const [index, tool] of (Array.isArray(raw) ? raw : []).entries()) {
    if (isPlainObject(tool) && isAnthropicToolSearch(tool.name as JsonValue)) {
      tools.push({ type: 'tool_search' });
      continue;
    }
    if (!isPlainObject(tool) || typeof tool.name !== 'string' || !isPlainObject(tool.input_schema)) return err(`tools.${index}: a custom tool needs a name and an input_schema`);
    const fn: OfferedFunction = {
      type: 'function',
      name: tool.name,
      description: typeof tool.description === 'string' ? tool.description : '',
      parameters: tool.input_schema as JsonObject,
      strict: tool.strict === true,
      ...(tool.defer_loading === true ? { defer_loading: true } : {}),
    };
    tools.push(fn);
  }
  return ok(tools);
}

function readBlock(role: 'user' | 'assistant', block: JsonValue, names: AnthropicToolNames): Result<ConversationItem | undefined, string> {
  if (!isPlainObject(block) || typeof block.type !== 'string') return err('a content block needs a type');
  switch (block.type) {
    case 'text':
      return ok({ type: 'message', role, content: typeof block.text === 'string' ? block.text : '' });
    case 'tool_use':
      if (typeof block.id !== 'string' || typeof block.name !== 'string') return err('tool_use needs an id and a name');
      return ok({ type: 'function_call', call_id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) });
    case 'tool_result':
      if (typeof block.tool_use_id !== 'string') return err('tool_result needs a tool_use_id');
      return ok({ type: 'function_call_output', call_id: block.tool_use_id, output: readText(block.content), ...(block.is_error === true ? { is_error: true as const } : {}) });
    default:
      return ok(readToolSearchBlock(block as JsonObject, names) ?? { type: 'opaque', item: block as JsonObject });
  }
}

function readSystem(system: JsonValue | undefined): { instructions?: string } {
  if (typeof system === 'string') return system ? { instructions: system } : {};
  const text = readText(system);
  return text ? { instructions: text } : {};
}

/** A string, or the text of a list of text blocks. */
function readText(content: JsonValue | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

function readToolChoice(choice: JsonObject | undefined): RequestToolChoice | undefined {
  switch (choice?.type) {
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return typeof choice.name === 'string' ? { name: choice.name } : undefined;
    default:
      return undefined;
  }
}
