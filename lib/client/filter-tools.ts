import type { CompiledToolSummary } from './compile-view';
import { assertNever } from '@/lib/runtime/loop/decide-permission';

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
export type ToolFilterIndex = {
  tools: readonly CompiledToolSummary[];
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
};

export function createToolFilterIndex(tools: readonly CompiledToolSummary[]): ToolFilterIndex {
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
  return { tools, namespaces, withoutNamespace, tags, tagsAddToNamespaces: tags.length > 0 && !tagsFollowNamespaces(tools), haystacks };
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

/** The tools that pass every part of the filter, in module order; the index's own array when the filter is empty. */
export function filterTools(index: ToolFilterIndex, filter: ToolFilter): readonly CompiledToolSummary[] {
  if (isToolFilterEmpty(filter)) return index.tools;
  const words = splitFilterWords(filter.text);
  return index.tools.filter((tool, position) => {
    if (!isInNamespace(tool, filter.namespace)) return false;
    if (filter.tag !== null && !tool.tags.includes(filter.tag)) return false;
    if (filter.verdict !== 'any' && !hasStrictVerdict(tool, filter.verdict)) return false;
    const haystack = index.haystacks[position] ?? '';
    return words.every((word) => haystack.includes(word));
  });
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
