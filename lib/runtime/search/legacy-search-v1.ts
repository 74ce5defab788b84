import type { SearchableTool } from './search-tools';

/*
 * Tool Search ranking v1, unchanged: word overlap with a suffix stripper that folds "invoices"
 * to "invoic" but leaves "invoice" whole, so the two miss each other. Kept only so turns
 * recorded with it replay identically; new turns rank with `createToolIndex`.
 */

const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'in', 'on', 'by', 'with', 'my', 'me', 'i', 'please', 'tool', 'tools', 'some', 'any', 'find', 'search']);

function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  for (const suffix of ['ing', 'es', 's', 'ed']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Name tokens weigh 3, namespace 2, description 1; ties in catalog order. Qualified names, at most `limit`. */
export function searchToolsV1(query: string, tools: readonly SearchableTool[], limit: number): string[] {
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
