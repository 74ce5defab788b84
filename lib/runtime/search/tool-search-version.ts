/**
 * The rankings the runtime's client-side Tool Search has had. Its results go to the model, so
 * a recorded turn names the ranking it ran with and its replay (on the recorded model
 * responses) ranks the same way: `v1` is the word-overlap ranking sessions were first recorded
 * with, `v2` the MiniSearch index shared with the auto model.
 */
export const TOOL_SEARCH_VERSIONS = ['v1', 'v2'] as const;

export type ToolSearchVersion = (typeof TOOL_SEARCH_VERSIONS)[number];

/** What new turns search with. */
export const CURRENT_TOOL_SEARCH_VERSION: ToolSearchVersion = 'v2';
