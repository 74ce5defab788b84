/** A tool as the auto model weighs it. */
export type RankableTool = { name: string; namespace?: string; description: string };

export type RankedTool<T extends RankableTool> = { tool: T; score: number };

/** A tool below this score is not considered relevant to the message. */
export const RELEVANCE_THRESHOLD = 2;

const STOP_WORDS = new Set(
  'a an the and or but then also of to in on at for from by with into onto about as is are was were be been it its this that these those me my i you your we our us please can could would should will shall do does did what which who whom how when where why all some any there here just now tell give let make using use via'.split(' '),
);

/** Everyday verbs and nouns mapped onto the words tool names tend to use. */
const SYNONYMS: Record<string, string> = {
  show: 'read', open: 'read', view: 'read', display: 'read', cat: 'read', content: 'read', print: 'read',
  save: 'write', store: 'write', put: 'write', record: 'write',
  remove: 'delete', erase: 'delete', rm: 'delete', drop: 'delete', destroy: 'delete',
  find: 'search', look: 'search', lookup: 'search', query: 'search', locate: 'search', grep: 'search',
  fetch: 'get', retrieve: 'get', obtain: 'get', check: 'get',
  ls: 'list', enumerate: 'list', directory: 'dir', folder: 'dir',
  forecast: 'weather', temperature: 'weather', rain: 'weather',
  mail: 'email',
  add: 'create', new: 'create', make: 'create',
  modify: 'update', change: 'update', edit: 'update', rename: 'update',
  compute: 'calculate', sum: 'calculate', math: 'calculate',
  run: 'execute', exec: 'execute',
  document: 'file', doc: 'file', text: 'file',
};

/** Lower-cases, splits camelCase/snake_case/punctuation, drops stop words, stems and canonicalizes. */
export function tokenizeWords(text: string): string[] {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word));
  return words.map((word) => {
    const stemmed = stemWord(word);
    return SYNONYMS[stemmed] ?? SYNONYMS[word] ?? stemmed;
  });
}

/** A deliberately small suffix stripper: enough that `files`, `reading` and `read` meet. */
export function stemWord(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return undoubleConsonant(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undoubleConsonant(word.slice(0, -2));
  if (word.endsWith('es') && /(sh|ch|x|ss|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

function undoubleConsonant(stem: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/**
 * Scores each tool by overlap between the message's words and the tool's name (weight 3),
 * namespace (2) and description (1); best first, ties in offered order.
 */
export function rankTools<T extends RankableTool>(message: string, tools: readonly T[]): RankedTool<T>[] {
  const messageWords = new Set(tokenizeWords(message));
  const scored = tools.map((tool, index) => {
    const nameWords = new Set(tokenizeWords(tool.name));
    const namespaceWords = new Set(tokenizeWords(tool.namespace ?? ''));
    const descriptionWords = new Set(tokenizeWords(tool.description));
    let score = 0;
    for (const word of messageWords) {
      if (nameWords.has(word)) score += 3;
      else if (namespaceWords.has(word)) score += 2;
      else if (descriptionWords.has(word)) score += 1;
    }
    return { tool, score, index };
  });
  scored.sort((left, right) => right.score - left.score || left.index - right.index);
  return scored.map(({ tool, score }) => ({ tool, score }));
}

/** Splits a request into the actions it names: "read a and then list b" → two clauses. */
export function splitIntoClauses(message: string): string[] {
  return message
    .split(/\s*(?:;|\.\s|,?\s+and then\s+|,?\s+then\s+|,?\s+and also\s+|,?\s+and\s+|,?\s+after that\s+|,\s+)\s*/i)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/**
 * The relevant tools: the best tool of each clause that clears the threshold, at most `limit`,
 * without repeats. One clause picks one tool.
 */
export function selectRelevantTools<T extends RankableTool>(message: string, tools: readonly T[], limit = 3): { tool: T; clause: string }[] {
  const picked: { tool: T; clause: string }[] = [];
  const clauses = splitIntoClauses(message);
  for (const clause of clauses.length > 0 ? clauses : [message]) {
    const best = rankTools(clause, tools)[0];
    if (!best || best.score < RELEVANCE_THRESHOLD) continue;
    if (picked.some((entry) => entry.tool === best.tool)) continue;
    picked.push({ tool: best.tool, clause });
    if (picked.length >= limit) break;
  }
  if (picked.length === 0) {
    const best = rankTools(message, tools)[0];
    if (best && best.score >= RELEVANCE_THRESHOLD) picked.push({ tool: best.tool, clause: message });
  }
  return picked;
}

/** The content words of a text, unstemmed: a search query made from a request. */
export function extractKeywords(text: string): string {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_.-]+/)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .join(' ');
}
