import { createToolIndex } from './create-tool-index';
import { searchToolsV1 } from './legacy-search-v1';
import { CURRENT_TOOL_SEARCH_VERSION, type ToolSearchVersion } from './tool-search-version';

/** A deferred tool as the search sees it. */
export type SearchableTool = { qualifiedName: string; name: string; namespace?: string; namespaceDescription?: string; description: string };

export type SearchToolsOptions = {
  /** The ranking to use; the current one unless a replay asks for the one its turn recorded. */
  version?: ToolSearchVersion;
  /** Most tools returned. */
  limit?: number;
};

/**
 * Ranks deferred tools by relevance to a query (name above namespace above description;
 * plurals, inflections, camelCase and snake_case folded; prefix and one-typo matches). Returns
 * qualified names, best first, at most `limit`, only those that match.
 */
export function searchTools(query: string, tools: readonly SearchableTool[], options: SearchToolsOptions = {}): string[] {
  const limit = options.limit ?? 5;
  if ((options.version ?? CURRENT_TOOL_SEARCH_VERSION) === 'v1') return searchToolsV1(query, tools, limit);
  return createToolIndex(tools)
    .search(query)
    .slice(0, limit)
    .map((match) => match.tool.qualifiedName);
}
