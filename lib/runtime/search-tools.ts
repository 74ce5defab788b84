/** A deferred tool as the search sees it. */
export type SearchableTool = { qualifiedName: string; name: string; namespace?: string; namespaceDescription?: string; description: string };

const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'in', 'on', 'by', 'with', 'my', 'me', 'i', 'please', 'tool', 'tools', 'some', 'any', 'find', 'search']);

export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

/** A light suffix stemmer: enough that "invoices" finds "invoice" and "listing" finds "list". */
function stem(word: string): string {
  for (const suffix of ['ing', 'es', 's', 'ed']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * Ranks deferred tools by relevance to a query: name tokens weigh most, then namespace, then
 * description. Returns qualified names, best first, at most `limit`, only those that match.
 */
export function searchTools(query: string, tools: readonly SearchableTool[], limit = 5): string[] {
  const wanted = new Set(tokenize(query));
  if (wanted.size === 0) return [];
  const scored = tools.map((tool, index) => {
    const score =
      3 * overlap(wanted, tokenize(tool.name)) +
      2 * overlap(wanted, tokenize(tool.namespace ?? '')) +
      overlap(wanted, tokenize(`${tool.description} ${tool.namespaceDescription ?? ''}`));
    return { name: tool.qualifiedName, score, index };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ name }) => name);
}

function overlap(wanted: Set<string>, words: string[]): number {
  return new Set(words.filter((word) => wanted.has(word))).size;
}
