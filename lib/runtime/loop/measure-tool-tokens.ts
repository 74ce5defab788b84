import type { TurnToolSet } from '../tools/assemble-tools';
import { buildLoadedDefinitions, buildOfferedTools } from './build-offered-tools';
import type { OfferedTool } from '../model/model-client';
import type { ToolTokens } from '../vocabulary/tool-tokens';

/**
 * Counts tokens of a text; injected (e.g. an o200k tokenizer) so the runtime stays
 * dependency-free. It may answer later (a large text counted on another thread), or not at all
 * (`undefined`: the request is then sent without its token figures).
 */
export type TokenCounter = (text: string) => number | undefined | Promise<number | undefined>;

/** Measures each request of one turn; the all-loaded payload does not change within it, so it is counted once. */
export type ToolTokenMeter = { measure(loaded: ReadonlySet<string>): Promise<ToolTokens | undefined> };

/**
 * What the model sees of each tool: a deferred tool not yet loaded shows only its name and
 * description (as with OpenAI's tool search); a loaded one its full definition, once.
 */
export function createToolTokenMeter(toolSet: TurnToolSet, countTokens: TokenCounter): ToolTokenMeter {
  let allLoaded: Promise<number | undefined> | undefined;
  return {
    async measure(loaded) {
      allLoaded ??= Promise.resolve(countTokens(JSON.stringify(buildLoadedDefinitions(toolSet.tools))));
      const visible = buildOfferedTools(toolSet).map((tool) => hideDeferredSchemas(tool));
      const loadedEntries = toolSet.tools.filter((entry) => entry.deferred && loaded.has(entry.qualifiedName));
      const [sent, all] = await Promise.all([countTokens(JSON.stringify([...visible, ...buildLoadedDefinitions(loadedEntries)])), allLoaded]);
      return sent === undefined || all === undefined ? undefined : { sent, allLoaded: all };
    },
  };
}

function hideDeferredSchemas(tool: OfferedTool): OfferedTool | { name: string; description: string } | { type: 'namespace'; name: string; description: string; tools: unknown[] } {
  if (tool.type === 'function') return tool.defer_loading ? { name: tool.name, description: tool.description } : tool;
  if (tool.type === 'namespace') {
    return { ...tool, tools: tool.tools.map((fn) => (fn.defer_loading ? { name: fn.name, description: fn.description } : fn)) };
  }
  return tool;
}
