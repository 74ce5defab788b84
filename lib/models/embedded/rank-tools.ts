import { createToolIndex, type ToolIndex, type ToolQueryOptions, isStopWord, tokenizeToolText } from '@/lib/runtime';

/** A tool as the auto model weighs it. */
export type RankableTool = { name: string; namespace?: string; description: string };

export type RankedTool<T extends RankableTool> = {
  tool: T;
  /** The shared index's relevance: what tools are ordered by. */
  score: number;
  /** How much of the request the tool covers (`ToolMatch.coverage`): what the threshold reads. */
  coverage: number;
};

/** A tool covering less of a request than this is not relevant to it: one name word, one namespace word or two description words. */
export const RELEVANCE_THRESHOLD = 2;

/**
 * Everyday words a model reads as the words tool names tend to use. The groups widen the
 * model's query (any word of a group matches the others); the tools' own text is indexed as is.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['read', 'show', 'open', 'view', 'display', 'cat', 'content', 'print'],
  ['write', 'save', 'store', 'put', 'record'],
  ['delete', 'remove', 'erase', 'rm', 'drop', 'destroy'],
  ['search', 'find', 'look', 'lookup', 'query', 'locate', 'grep'],
  ['get', 'fetch', 'retrieve', 'obtain', 'check'],
  ['list', 'ls', 'enumerate'],
  ['dir', 'directory', 'folder'],
  ['weather', 'forecast', 'temperature', 'rain'],
  ['email', 'mail'],
  ['create', 'add', 'new'],
  ['update', 'modify', 'change', 'edit', 'rename'],
  ['calculate', 'compute', 'sum', 'math'],
  ['execute', 'run', 'exec'],
  ['file', 'document', 'doc', 'text'],
];

const SYNONYMS: ToolQueryOptions = {
  alternativesOf: (() => {
    const byTerm = new Map<string, readonly string[]>();
    for (const group of SYNONYM_GROUPS) {
      for (const term of group.flatMap((word) => tokenizeToolText(word))) byTerm.set(term, group);
    }
    return (term: string) => byTerm.get(term) ?? [];
  })(),
};

/**
 * Ranks tools against a request with the runtime's own Tool Search index, the request widened
 * by `SYNONYM_GROUPS`; best first, equal scores in qualified-name order.
 */
export function rankTools<T extends RankableTool>(message: string, tools: readonly T[] | ToolIndex<T>): RankedTool<T>[] {
  const index = isToolIndex(tools) ? tools : createToolIndex(tools);
  return index.search(message, SYNONYMS).map(({ tool, score, coverage }) => ({ tool, score, coverage }));
}

/** Splits a request into the actions it names: "read a and then list b" → two clauses. */
export function splitIntoClauses(message: string): string[] {
  return message
    .split(/\s*(?:;|\.\s|,?\s+and then\s+|,?\s+then\s+|,?\s+and also\s+|,?\s+and\s+|,?\s+after that\s+|,\s+)\s*/i)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/**
 * The relevant tools: per clause, the best-ranked tool that clears the threshold, at most
 * `limit`, without repeats. One clause picks one tool.
 */
export function selectRelevantTools<T extends RankableTool>(message: string, tools: readonly T[], limit = 3): { tool: T; clause: string }[] {
  const index = createToolIndex(tools);
  const bestFor = (text: string) => rankTools(text, index).find((ranked) => ranked.coverage >= RELEVANCE_THRESHOLD);
  const picked: { tool: T; clause: string }[] = [];
  const clauses = splitIntoClauses(message);
  for (const clause of clauses.length > 0 ? clauses : [message]) {
    const best = bestFor(clause);
    if (!best || picked.some((entry) => entry.tool === best.tool)) continue;
    picked.push({ tool: best.tool, clause });
    if (picked.length >= limit) break;
  }
  if (picked.length === 0) {
    const best = bestFor(message);
    if (best) picked.push({ tool: best.tool, clause: message });
  }
  return picked;
}

/** The content words of a text, unstemmed: a search query made from a request. */
export function extractKeywords(text: string): string {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_.-]+/)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length > 1 && !isStopWord(word))
    .join(' ');
}

function isToolIndex<T extends RankableTool>(value: readonly T[] | ToolIndex<T>): value is ToolIndex<T> {
  return !Array.isArray(value);
}
