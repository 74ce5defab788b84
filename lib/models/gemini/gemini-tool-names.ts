/**
 * Gemini has no namespaces, and its function names allow letters, digits, `_`, `.`, `:` and `-`:
 * `crm.find` travels under that qualified name and is mapped back.
 */
export const GEMINI_NAMESPACE_SEPARATOR = '.';

/** A wire name → the namespace and name it stands for, or the runtime's own tool search. */
export type GeminiToolNames = Map<string, { name: string; namespace?: string; search?: true }>;

/** The name a function goes by on Gemini's wire. */
export function qualifyGeminiName(name: string, namespace?: string): string {
  return namespace ? `${namespace}${GEMINI_NAMESPACE_SEPARATOR}${name}` : name;
}

/** The runtime's own tool search, offered to Gemini as a function of this name (Gemini has no tool search). */
export const GEMINI_TOOL_SEARCH_NAME = 'tool_search';
