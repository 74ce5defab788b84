import type { TurnToolSet } from '../tools/assemble-tools';
import { buildLoadedDefinitions } from './build-offered-tools';
import type { EventEmitter } from '../events/create-event-emitter';
import type { JsonValue } from '../vocabulary/json';
import { isPlainObject } from '../vocabulary/json';
import type { OfferedTool } from '../model/model-client';
import { searchTools } from '../search/search-tools';
import type { ToolSearchVersion } from '../search/tool-search-version';

/**
 * Client-executed tool search: ranks the deferred tools not loaded yet, marks the matches
 * loaded (callable from the next request on) and returns their full definitions.
 */
export function answerToolSearch(options: {
  callId: string;
  iteration: number;
  query: string;
  toolSet: TurnToolSet;
  loaded: Set<string>;
  emitter: EventEmitter;
  /** The ranking; the current one unless the turn replays one recorded with an older ranking. */
  version?: ToolSearchVersion;
}): { tools: OfferedTool[]; matches: string[] } {
  const { toolSet, loaded } = options;
  const candidates = toolSet.tools
    .filter((entry) => entry.deferred && !loaded.has(entry.qualifiedName))
    .map((entry) => ({
      qualifiedName: entry.qualifiedName,
      name: entry.tool.name,
      namespace: entry.tool.namespace,
      namespaceDescription: entry.tool.namespaceDescription,
      description: entry.tool.description,
    }));
  const matches = searchTools(options.query, candidates, { version: options.version });
  for (const name of matches) loaded.add(name);
  options.emitter.emit({ type: 'tool-search', iteration: options.iteration, callId: options.callId, query: options.query, execution: 'client', matches });
  const entries = toolSet.tools.filter((entry) => matches.includes(entry.qualifiedName));
  return { tools: buildLoadedDefinitions(entries), matches };
}

/** The query of a search call, from `{ query }` arguments given as an object or a JSON string. */
export function readSearchQuery(argumentsValue: JsonValue | string): string {
  let value: unknown = argumentsValue;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  if (isPlainObject(value) && typeof value.query === 'string') return value.query;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function describeSearchResult(matches: readonly string[], query: string): string {
  return matches.length === 0
    ? `No deferred tools match "${query}". Try other words, or answer without them.`
    : `Loaded ${matches.length} tool${matches.length === 1 ? '' : 's'}: ${matches.join(', ')}. They are callable now.`;
}
