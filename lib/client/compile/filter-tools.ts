import type { CompiledToolSummary } from './compile-view';
import { assertNever } from '@/lib/runtime';

/** How a tool fares with OpenAI strict mode, as the verdict select names it. */
export type StrictVerdict =
  /** The authored schema is accepted as written. */
  | 'strict-as-written'
  /** Rejected as written, but a strictified schema exists and is what is sent. */
  | 'strictified'
  /** Rejected as written and cannot be strictified. */
  | 'rejected'
  /** Sent with `strict: false`; independent of the three above. */
  | 'not-strict';

export type VerdictFilter = 'any' | StrictVerdict;

export type NamespaceFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'named'; namespace: string };

/** A tag the tool must carry among its `tags`, or null for any. */
export type TagFilter = string | null;

/** What the schema panel's filter bar asks for; every part must hold for a tool to show. */
export type ToolFilter = {
  /** Whitespace-separated words, each of which must occur (case-insensitively) in the name, qualified name or description. */
  text: string;
  namespace: NamespaceFilter;
  tag: TagFilter;
  verdict: VerdictFilter;
};

export const EMPTY_TOOL_FILTER: ToolFilter = { text: '', namespace: { kind: 'all' }, tag: null, verdict: 'any' };

export type NamespaceCount = { namespace: string; count: number };
export type TagCount = { tag: string; count: number };

/** The tools of one compile, prepared once so that each filter change is a single pass of substring tests. */
export type ToolFilterIndex<Tool extends CompiledToolSummary = CompiledToolSummary> = {
  tools: readonly Tool[];
  /** Every namespace in the module with its tool count, sorted by name. */
  namespaces: readonly NamespaceCount[];
  /** How many tools have no namespace. */
  withoutNamespace: number;
  /** Every tag in the module with how many tools carry it, sorted by name; empty when no tool has tags. */
  tags: readonly TagCount[];
  /**
   * Whether filtering by tag can show a set no namespace shows: false when there are no tags, or
   * when each tool carries exactly the one tag its namespace was named after (an OpenAPI import
   * whose operations have one tag each, such as GitHub's), so the panel offers no second, equal select.
   */
  tagsAddToNamespaces: boolean;
  /** Per tool, in `tools` order: its name, qualified name and description, lowercased. */
  haystacks: readonly string[];
  /** Per tool, in `tools` order: its qualified name lowercased and split into words at `.`, `-`, `_`, `/` and spaces. */
  nameWords: readonly (readonly string[])[];
};

export function createToolFilterIndex<Tool extends CompiledToolSummary>(tools: readonly Tool[]): ToolFilterIndex<Tool> {
  const counts = new Map<string, number>();
  const tagCounts = new Map<string, number>();
  let withoutNamespace = 0;
  const haystacks = tools.map((tool) => {
    if (tool.namespace) counts.set(tool.namespace, (counts.get(tool.namespace) ?? 0) + 1);
    else withoutNamespace += 1;
    for (const tag of tool.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    // A newline cannot occur in a typed word, so no word matches across two fields.
    return `${tool.name}\n${tool.qualifiedName}\n${tool.description}`.toLowerCase();
  });
  const namespaces = [...counts].map(([namespace, count]) => ({ namespace, count })).sort((a, b) => a.namespace.localeCompare(b.namespace));
  const tags = [...tagCounts].map(([tag, count]) => ({ tag, count })).sort((a, b) => a.tag.localeCompare(b.tag));
  const nameWords = tools.map((tool) => splitNameWords(tool.qualifiedName));
  return { tools, namespaces, withoutNamespace, tags, tagsAddToNamespaces: tags.length > 0 && !tagsFollowNamespaces(tools), haystacks, nameWords };
}

/** True when every tool has one tag and the tools of a namespace, and only they, share it. */
function tagsFollowNamespaces(tools: readonly CompiledToolSummary[]): boolean {
  const tagOfNamespace = new Map<string, string>();
  const namespaceOfTag = new Map<string, string>();
  for (const tool of tools) {
    const [tag, ...more] = tool.tags;
    if (tag === undefined || more.length > 0 || !tool.namespace) return false;
    if ((tagOfNamespace.get(tool.namespace) ?? tag) !== tag || (namespaceOfTag.get(tag) ?? tool.namespace) !== tool.namespace) return false;
    tagOfNamespace.set(tool.namespace, tag);
    namespaceOfTag.set(tag, tool.namespace);
  }
  return true;
}

export function isToolFilterEmpty(filter: ToolFilter): boolean {
  return splitFilterWords(filter.text).length === 0 && filter.namespace.kind === 'all' && filter.tag === null && filter.verdict === 'any';
}

/**
 * The tools that pass every part of the filter; the index's own array when the filter is empty.
 * With text, the best matches come first (see `rankNameMatch`), in module order within a rank;
 * without text, module order.
 */
export function filterTools<Tool extends CompiledToolSummary>(index: ToolFilterIndex<Tool>, filter: ToolFilter): readonly Tool[] {
  if (isToolFilterEmpty(filter)) return index.tools;
  const words = splitFilterWords(filter.text);
  // Ranked by the words as a name splits them, so "issues.create" ranks `issues.create` as "issues create" does.
  const rankWords = splitNameWords(filter.text);
  const matches: { tool: Tool; rank: number }[] = [];
  index.tools.forEach((tool, position) => {
    if (!isInNamespace(tool, filter.namespace)) return;
    if (filter.tag !== null && !tool.tags.includes(filter.tag)) return;
    if (filter.verdict !== 'any' && !hasStrictVerdict(tool, filter.verdict)) return;
    const haystack = index.haystacks[position] ?? '';
    if (!words.every((word) => haystack.includes(word))) return;
    matches.push({ tool, rank: rankWords.length === 0 ? 0 : rankNameMatch(index.nameWords[position] ?? [], rankWords) });
  });
  // Array.prototype.sort is stable: equal ranks keep module order.
  return matches.sort((left, right) => left.rank - right.rank).map((match) => match.tool);
}

/**
 * How well the words typed name a tool, lower is better: 0 when they are its qualified name's
 * words, in any order ("issues create" or "create issues" for `issues.create`), 1 when each is
 * one of its words, 2 when each occurs in its name, 3 when some occur only in its description.
 */
export function rankNameMatch(nameWords: readonly string[], words: readonly string[]): number {
  const wholeWords = words.every((word) => nameWords.includes(word));
  if (wholeWords && nameWords.length === words.length && nameWords.every((word) => words.includes(word))) return 0;
  if (wholeWords) return 1;
  const name = nameWords.join(' ');
  return words.every((word) => name.includes(word)) ? 2 : 3;
}

export function hasStrictVerdict(tool: CompiledToolSummary, verdict: StrictVerdict): boolean {
  switch (verdict) {
    case 'strict-as-written':
      return tool.strictCheck === 'accepted';
    case 'strictified':
      return tool.strictCheck === 'strictified';
    case 'rejected':
      return tool.strictCheck === 'rejected';
    case 'not-strict':
      return !tool.strict;
    default:
      return assertNever(verdict);
  }
}

function isInNamespace(tool: CompiledToolSummary, filter: NamespaceFilter): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'none':
      return !tool.namespace;
    case 'named':
      return tool.namespace === filter.namespace;
    default:
      return assertNever(filter);
  }
}

function splitFilterWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

function splitNameWords(qualifiedName: string): string[] {
  return qualifiedName.toLowerCase().split(/[.\-_/\s]+/).filter(Boolean);
}
