import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { type ConversationItem, isPlainObject, type JsonValue, type OfferedTool } from '@/lib/runtime';
import type { AnthropicToolNames } from './convert-tools-to-anthropic';
import { qualifyToolName } from './qualify-tool-name';

type JsonObject = { [key: string]: JsonValue };

/**
 * Anthropic's tool search tool, BM25 variant: the model searches deferred tools (`defer_loading:
 * true`) in natural language and Anthropic loads the ones it finds, in the same response.
 */
export const ANTHROPIC_TOOL_SEARCH = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' } as const;

/** Whether a tool or a `server_tool_use` names one of Anthropic's tool search tools (BM25 or regex). */
export function isAnthropicToolSearch(name: JsonValue | undefined): boolean {
  return typeof name === 'string' && name.startsWith('tool_search_tool_');
}

/**
 * Anthropic's search blocks → the runtime's hosted search items: `server_tool_use` (a tool search)
 * → a `tool_search_call` run by the server, `tool_search_tool_result` → its `tool_search_output`
 * with the definitions of the tools it loaded (an error result loads none). Undefined for any other block.
 */
export function readToolSearchBlock(block: JsonObject, names: AnthropicToolNames): ConversationItem | undefined {
  if (block.type === 'server_tool_use' && isAnthropicToolSearch(block.name) && typeof block.id === 'string') {
    return { type: 'tool_search_call', call_id: block.id, id: block.id, arguments: readInput(block.input), execution: 'server' };
  }
  if (block.type !== 'tool_search_tool_result' || typeof block.tool_use_id !== 'string') return undefined;
  const references = isPlainObject(block.content) && Array.isArray(block.content.tool_references) ? block.content.tool_references : [];
  const tools: OfferedTool[] = [];
  for (const reference of references) {
    const known = isPlainObject(reference) && typeof reference.tool_name === 'string' ? names.get(reference.tool_name) : undefined;
    if (!known?.definition) continue;
    tools.push(known.namespace ? { type: 'namespace', name: known.namespace, description: '', tools: [known.definition] } : known.definition);
  }
  return { type: 'tool_search_output', call_id: block.tool_use_id, execution: 'server', tools };
}

/**
 * A hosted search the runtime holds → Anthropic's blocks, to send back as they came. Only
 * Anthropic's own searches (`srvtoolu_` ids) have a form; another provider's are left out.
 */
export function writeToolSearchItem(item: Extract<ConversationItem, { type: 'tool_search_call' | 'tool_search_output' }>): ContentBlockParam | undefined {
  if (item.execution !== 'server' || !item.call_id.startsWith('srvtoolu_')) return undefined;
  if (item.type === 'tool_search_call') {
    return { type: 'server_tool_use', id: item.call_id, name: ANTHROPIC_TOOL_SEARCH.name, input: item.arguments };
  }
  const tool_references = item.tools.flatMap((tool) =>
    tool.type === 'function' ? [qualifyToolName(tool.name)] : tool.type === 'namespace' ? tool.tools.map((fn) => qualifyToolName(fn.name, tool.name)) : [],
  ).map((tool_name) => ({ type: 'tool_reference' as const, tool_name }));
  return { type: 'tool_search_tool_result', tool_use_id: item.call_id, content: { type: 'tool_search_tool_search_result', tool_references } };
}

/** A search's input as its pieces streamed it (a string) or as an object. */
function readInput(input: JsonValue | undefined): JsonValue {
  if (typeof input !== 'string') return input ?? {};
  try {
    return JSON.parse(input) as JsonValue;
  } catch (error) {
    if (error instanceof SyntaxError) return input;
    throw error;
  }
}
