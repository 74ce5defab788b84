import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions/completions';
import {
  type RequestToolChoice,
  isPlainObject,
  type ConversationItem,
  type ModelError,
  type ModelResponse,
  type OfferedFunction,
  type OfferedTool,
  err,
  ok,
  type Result,
} from '@/lib/runtime';
import { readUsage } from './convert-responses-items';

/** Chat Completions has no namespaces: `crm.find` travels as `crm__find` and is mapped back. */
export const NAMESPACE_SEPARATOR = '__';

/** A flat wire name → the namespace and name it stands for. */
export type ChatToolNames = Map<string, { name: string; namespace?: string }>;

/** Offered tools → Chat Completions function tools, namespaced ones flattened. */
export function convertToolsToChat(tools: readonly OfferedTool[]): { tools: ChatCompletionFunctionTool[]; names: ChatToolNames } {
  const names: ChatToolNames = new Map();
  const converted: ChatCompletionFunctionTool[] = [];
  const add = (fn: OfferedFunction, namespace?: string) => {
    const wireName = namespace ? `${namespace}${NAMESPACE_SEPARATOR}${fn.name}` : fn.name;
    names.set(wireName, { name: fn.name, ...(namespace ? { namespace } : {}) });
    converted.push({
      type: 'function',
      function: { name: wireName, description: fn.description, parameters: fn.parameters, strict: fn.strict },
    });
  };
  for (const tool of tools) {
    if (tool.type === 'function') add(tool);
    else if (tool.type === 'namespace') for (const fn of tool.tools) add(fn, tool.name);
  }
  return { tools: converted, names };
}

/** A request's tool choice in Chat Completions terms (a namespaced function by its flat wire name); nothing when unset. */
export function convertToolChoiceToChat(choice: RequestToolChoice | undefined): { tool_choice?: ChatCompletionToolChoiceOption } {
  if (choice === undefined) return {};
  if (typeof choice === 'string') return { tool_choice: choice };
  const name = choice.namespace ? `${choice.namespace}${NAMESPACE_SEPARATOR}${choice.name}` : choice.name;
  return { tool_choice: { type: 'function', function: { name } } };
}

/**
 * Conversation items → chat messages: consecutive calls join one assistant message with
 * `tool_calls` (with the assistant text just before them), outputs become `role: 'tool'`.
 * Tool-search and opaque items have no Chat Completions form and are left out.
 */
export function convertItemsToChatMessages(instructions: string | undefined, items: readonly ConversationItem[]): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = instructions ? [{ role: 'system', content: instructions }] : [];
  let assistant: ChatCompletionAssistantMessageParam | undefined;
  for (const item of items) {
    if (item.type === 'function_call') {
      if (!assistant) {
        assistant = { role: 'assistant', content: null };
        messages.push(assistant);
      }
      const wireName = item.namespace ? `${item.namespace}${NAMESPACE_SEPARATOR}${item.name}` : item.name;
      assistant.tool_calls = [...(assistant.tool_calls ?? []), { id: item.call_id, type: 'function', function: { name: wireName, arguments: item.arguments } }];
      continue;
    }
    assistant = undefined;
    if (item.type === 'function_call_output') messages.push({ role: 'tool', tool_call_id: item.call_id, content: item.output });
    if (item.type !== 'message') continue;
    if (item.role === 'assistant') {
      assistant = { role: 'assistant', content: item.content };
      messages.push(assistant);
    } else if (item.role === 'user') messages.push({ role: 'user', content: item.content });
    else messages.push({ role: 'system', content: item.content });
  }
  return messages;
}

/** A Chat Completions body → the runtime's ModelResponse. */
export function convertChatCompletionBody(body: unknown, names: ChatToolNames): Result<ModelResponse, ModelError> {
  const malformed = (message: string) => err<ModelError>({ code: 'response-malformed', message });
  if (!isPlainObject(body)) {
    const preview = typeof body === 'string' ? `: ${body.slice(0, 200)}` : '.';
    return malformed(`The server's response is not a JSON object${preview}`);
  }
  const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (!isPlainObject(choice) || !isPlainObject(choice.message)) return malformed('The server\'s response has no choices[0].message.');
  const message = choice.message;
  const output: ConversationItem[] = [];
  if (typeof message.content === 'string' && message.content.length > 0) {
    output.push({ type: 'message', role: 'assistant', content: message.content });
  }
  const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const [index, call] of toolCalls.entries()) {
    if (!isPlainObject(call) || !isPlainObject(call.function) || typeof call.function.name !== 'string') {
      return malformed(`The server's tool_calls[${index}] has no function name.`);
    }
    const wireName = call.function.name;
    const mapped = names.get(wireName) ?? { name: wireName };
    const rawArguments = call.function.arguments;
    output.push({
      type: 'function_call',
      call_id: typeof call.id === 'string' && call.id ? call.id : `call_${index}`,
      name: mapped.name,
      ...(mapped.namespace ? { namespace: mapped.namespace } : {}),
      // Some servers send arguments as an object instead of a JSON string.
      arguments: typeof rawArguments === 'string' ? rawArguments : JSON.stringify(rawArguments ?? {}),
    });
  }
  const usage = readUsage(body.usage);
  return ok({ id: typeof body.id === 'string' ? body.id : '', output, ...(usage ? { usage } : {}) });
}
