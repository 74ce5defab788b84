import type { RegisteredTool, TurnToolSet } from '../tools/assemble-tools';
import type { JsonSchema } from '../vocabulary/json';
import type { OfferedFunction, OfferedTool } from '../model/model-client';

export const TOOL_SEARCH_NAME = 'tool_search';

export function createToolSearchParameters(): JsonSchema {
  return {
    type: 'object',
    properties: { query: { type: 'string', description: 'What the tools you need should do, in a few words.' } },
    required: ['query'],
    additionalProperties: false,
  };
}

function toOfferedFunction(entry: RegisteredTool, deferred: boolean): OfferedFunction {
  return {
    type: 'function',
    name: entry.tool.name,
    description: entry.tool.description,
    parameters: entry.sentParameters,
    strict: entry.tool.strict,
    ...(deferred ? { defer_loading: true } : {}),
  };
}

/** Functions in order, those of a namespace grouped under one namespace entry at its first position. */
function groupIntoNamespaces(entries: readonly RegisteredTool[], isDeferred: (entry: RegisteredTool) => boolean): OfferedTool[] {
  const offered: OfferedTool[] = [];
  const namespaces = new Map<string, Extract<OfferedTool, { type: 'namespace' }>>();
  for (const entry of entries) {
    const fn = toOfferedFunction(entry, isDeferred(entry));
    const namespace = entry.tool.namespace;
    if (!namespace) {
      offered.push(fn);
      continue;
    }
    let group = namespaces.get(namespace);
    if (!group) {
      group = { type: 'namespace', name: namespace, description: entry.tool.namespaceDescription ?? namespace, tools: [] };
      namespaces.set(namespace, group);
      offered.push(group);
    }
    group.tools.push(fn);
  }
  return offered;
}

/**
 * The `tools` array of a request. It is the same at every iteration of a turn (cache-friendly):
 * deferred tools carry `defer_loading: true` and reach the model through `tool_search_output`
 * items appended to the conversation when they are loaded.
 */
export function buildOfferedTools(toolSet: TurnToolSet): OfferedTool[] {
  const offered = groupIntoNamespaces(toolSet.tools, (entry) => entry.deferred);
  if (toolSet.searchMode === 'hosted') offered.push({ type: 'tool_search' });
  if (toolSet.searchMode === 'client') {
    offered.push({
      type: 'tool_search',
      execution: 'client',
      description: 'Load deferred tools by describing what you need; their full definitions come back and become callable.',
      parameters: createToolSearchParameters(),
    });
  }
  return offered;
}

/** Full definitions of loaded tools, as a `tool_search_output` carries them. */
export function buildLoadedDefinitions(entries: readonly RegisteredTool[]): OfferedTool[] {
  return groupIntoNamespaces(entries, () => false);
}
