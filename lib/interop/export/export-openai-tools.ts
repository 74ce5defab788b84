import type { JsonSchema, JsonValue } from '@/lib/runtime';
import type { InteropTool } from './interop-tool';
import { describeFlattenedNamespaces, flattenToolName, resolveOpenAISchema } from './resolve-openai-schema';

type ResponsesFunction = { type: 'function'; name: string; description: string; parameters: JsonSchema; strict: boolean; defer_loading?: true };
type ResponsesNamespace = { type: 'namespace'; name: string; description: string; tools: ResponsesFunction[] };
type ResponsesTool = ResponsesFunction | ResponsesNamespace | { type: 'tool_search' };

/** An export's value and what did not carry over. */
export type JsonExport = { value: JsonValue; notes: string[] };

/**
 * The Responses API `tools` array exactly as the playground sends it: functions in order,
 * those of a namespace grouped under one `{type: "namespace"}` entry at its first position,
 * `defer_loading` on deferred tools, and the hosted `tool_search` they need.
 */
export function exportResponsesTools(tools: readonly InteropTool[]): JsonExport {
  const notes: string[] = [];
  const out: ResponsesTool[] = [];
  const namespaces = new Map<string, ResponsesNamespace>();
  for (const tool of tools) {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    const fn: ResponsesFunction = {
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: choice.schema,
      strict: choice.strict,
      ...(tool.deferLoading ? { defer_loading: true as const } : {}),
    };
    if (!tool.namespace) {
      out.push(fn);
      continue;
    }
    let group = namespaces.get(tool.namespace);
    if (!group) {
      group = { type: 'namespace', name: tool.namespace, description: tool.namespaceDescription ?? tool.namespace, tools: [] };
      namespaces.set(tool.namespace, group);
      out.push(group);
    }
    group.tools.push(fn);
  }
  if (tools.some((tool) => tool.deferLoading)) {
    out.push({ type: 'tool_search' });
    notes.push('Deferred tools are reachable only through tool search, so a hosted {"type":"tool_search"} entry is included.');
  }
  return { value: out as unknown as JsonValue, notes };
}

/** The Chat Completions `tools` array: one `{type: "function", function: {...}}` per tool. */
export function exportChatCompletionsTools(tools: readonly InteropTool[]): JsonExport {
  const notes = [...describeFlattenedNamespaces(tools)];
  const deferred = tools.filter((tool) => tool.deferLoading);
  if (deferred.length > 0) {
    notes.push(`Chat Completions has no deferred loading; sent in full: ${deferred.map((tool) => tool.qualifiedName).join(', ')}.`);
  }
  const value = tools.map((tool) => {
    const choice = resolveOpenAISchema(tool);
    if (choice.note) notes.push(choice.note);
    return {
      type: 'function',
      function: { name: flattenToolName(tool), description: tool.description, parameters: choice.schema, strict: choice.strict },
    };
  });
  return { value, notes };
}
