import MiniSearch, { type MatchInfo, type SearchOptions } from 'minisearch';
import { tokenizeToolText } from './tokenize-tool-text';

/** What a ranking reads of a tool. */
export type IndexableTool = { name: string; namespace?: string; namespaceDescription?: string; description: string };

/** Field boosts: a word of the name says most about a tool, its namespace next, prose least. */
export const FIELD_WEIGHTS = { name: 3, namespace: 2, description: 1, namespaceDescription: 0.5 } as const;

type Field = keyof typeof FIELD_WEIGHTS;
type IndexedDocument = { id: number } & Record<Field, string>;

/** A prefix or fuzzy match counts for this share of an exact one in `coverage`. */
const APPROXIMATE_SHARE = 0.5;

/**
 * A query's first distinct terms that count. Queries come from models (and, through the
 * scripted model, from visitors) and are searched on the server's own thread: a real query has a
 * handful of words, and this bounds the cost of one that is a whole document.
 */
export const MAX_QUERY_TERMS = 32;

/** Fuzzy matching costs memory quadratic in a term's length inside MiniSearch: longer terms match exactly or by prefix. */
const MAX_FUZZY_TERM_LENGTH = 24;

/**
 * Per-term query options. Prefix matching from three letters on (a typed "inv" finds
 * invoices); fuzzy matching of one edit in five letters (0.2, at most two) from five letters
 * on, so short words never match each other by accident.
 */
const TERM_SEARCH: SearchOptions = {
  boost: { ...FIELD_WEIGHTS },
  prefix: (term) => term.length >= 3,
  fuzzy: (term) => (term.length >= 5 && term.length <= MAX_FUZZY_TERM_LENGTH ? 0.2 : false),
  maxFuzzy: 2,
  // Terms arrive tokenized and folded already.
  tokenize: (term) => [term],
  processTerm: (term) => term,
};

export type ToolMatch<T extends IndexableTool> = {
  tool: T;
  /** `namespace.name`, or the name alone. */
  qualifiedName: string;
  /** MiniSearch's BM25+ relevance with field boosts: what results are ordered by. */
  score: number;
  /**
   * How much of the query the tool covers, independent of the catalog's size: per query term,
   * the weight of the best field it matched (`FIELD_WEIGHTS`; half for a prefix or fuzzy match).
   */
  coverage: number;
};

export type ToolQueryOptions = {
  /**
   * Other words that count as the same query term (e.g. synonyms a model knows), as raw words.
   * A term and its alternatives count once: the best of them scores.
   */
  alternativesOf?: (term: string) => readonly string[];
};

export type ToolIndex<T extends IndexableTool> = {
  /** Matching tools, best first; equal scores in qualified-name order, so replays agree. */
  search(query: string, options?: ToolQueryOptions): ToolMatch<T>[];
};

/**
 * A full-text index (MiniSearch) over tools' names, namespaces and descriptions, tokenized by
 * `tokenizeToolText`. Both the runtime's Tool Search and the embedded auto model rank with it.
 */
export function createToolIndex<T extends IndexableTool>(tools: readonly T[]): ToolIndex<T> {
  const index = readIndex(tools.map((tool, id) => ({ id, name: tool.name, namespace: tool.namespace ?? '', namespaceDescription: tool.namespaceDescription ?? '', description: tool.description })));
  const qualifiedNames = tools.map((tool) => (tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name));

  return {
    search(query, options = {}) {
      const totals = new Map<number, { score: number; coverage: number; terms: number }>();
      for (const term of [...new Set(tokenizeToolText(query))].slice(0, MAX_QUERY_TERMS)) {
        const alternatives = new Set([term, ...(options.alternativesOf?.(term) ?? []).flatMap((word) => tokenizeToolText(word))]);
        for (const [id, best] of searchTerm(index, alternatives)) {
          const total = totals.get(id) ?? { score: 0, coverage: 0, terms: 0 };
          totals.set(id, { score: total.score + best.score, coverage: total.coverage + best.coverage, terms: total.terms + 1 });
        }
      }
      const matches = [...totals].map(([id, total]) => ({
        tool: tools[id] as T,
        qualifiedName: qualifiedNames[id] as string,
        // As MiniSearch scores an OR query: the sum, times the number of query terms matched.
        score: total.score * total.terms,
        coverage: total.coverage,
      }));
      return matches.sort((left, right) => right.score - left.score || compareNames(left.qualifiedName, right.qualifiedName));
    },
  };
}

/** Per document, the best score and coverage any of one term's alternatives reached. */
/** Indexes of recent tool lists by content: every search of a turn sees the same catalog. */
const recentIndexes = new Map<string, MiniSearch<IndexedDocument>>();
const RECENT_INDEXES = 8;

/**
 * The index of `documents`, built once per distinct list (ids are positions, so a list with the
 * same content in the same order shares it). Indexing a 1,223-tool catalog takes ~60 ms; a turn
 * searches it at every tool_search call and the auto model at every step.
 */
function readIndex(documents: IndexedDocument[]): MiniSearch<IndexedDocument> {
  const key = JSON.stringify(documents.map((document) => [document.name, document.namespace, document.namespaceDescription, document.description]));
  const cached = recentIndexes.get(key);
  if (cached) {
    recentIndexes.delete(key);
    recentIndexes.set(key, cached);
    return cached;
  }
  const index = new MiniSearch<IndexedDocument>({
    fields: Object.keys(FIELD_WEIGHTS),
    tokenize: (text) => tokenizeToolText(text),
    processTerm: (term) => term,
  });
  index.addAll(documents);
  recentIndexes.set(key, index);
  if (recentIndexes.size > RECENT_INDEXES) recentIndexes.delete(recentIndexes.keys().next().value as string);
  return index;
}

function searchTerm(index: MiniSearch<IndexedDocument>, alternatives: ReadonlySet<string>): Map<number, { score: number; coverage: number }> {
  const best = new Map<number, { score: number; coverage: number }>();
  for (const alternative of alternatives) {
    for (const result of index.search(alternative, TERM_SEARCH)) {
      const id = result.id as number;
      const current = best.get(id);
      const coverage = weighMatch(result.match, alternative);
      best.set(id, { score: Math.max(current?.score ?? 0, result.score), coverage: Math.max(current?.coverage ?? 0, coverage) });
    }
  }
  return best;
}

function weighMatch(match: MatchInfo, term: string): number {
  let weight = 0;
  for (const [matched, fields] of Object.entries(match)) {
    const share = matched === term ? 1 : APPROXIMATE_SHARE;
    for (const field of fields) weight = Math.max(weight, (FIELD_WEIGHTS[field as Field] ?? 0) * share);
  }
  return weight;
}

/** Code-unit order, not locale order: the same on every machine. */
function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
