import { INPUT_CLASS } from '@/components/ui/field';
import { assertNever } from '@/lib/runtime';
import { EMPTY_TOOL_FILTER, isToolFilterEmpty, type NamespaceFilter, type ToolFilter, type ToolFilterIndex, type VerdictFilter } from '@/lib/client/compile';

const VERDICT_OPTIONS: readonly { value: VerdictFilter; label: string }[] = [
  { value: 'any', label: 'Any verdict' },
  { value: 'strict-as-written', label: 'Strict as written' },
  { value: 'strictified', label: 'Strict after conversion' },
  { value: 'rejected', label: 'Rejected by strict mode' },
  { value: 'not-strict', label: 'Not strict' },
];

const NAMED_PREFIX = 'ns:';
const TAG_PREFIX = 'tag:';
const SMALL_BUTTON = 'shrink-0 rounded border border-border bg-panel px-1.5 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-50';

export type ToolFilterBarProps = {
  filter: ToolFilter;
  onFilterChange: (filter: ToolFilter) => void;
  index: ToolFilterIndex;
  /** How many tools the applied filter shows. */
  shown: number;
  /** True while the list still shows the result of an earlier filter (typing is ahead of it). */
  pending: boolean;
};

/** Text, namespace, tag (when tags say more than namespaces) and strict-verdict filters over a large module's tools, with the match count. */
export function ToolFilterBar({ filter, onFilterChange, index, shown, pending }: ToolFilterBarProps) {
  const namespace = filter.namespace;
  // A namespace chosen before a recompile removed it still shows as chosen (with no tools), not as a blank select.
  const vanishedNamespace = namespace.kind === 'named' && !index.namespaces.some((entry) => entry.namespace === namespace.namespace) ? namespace.namespace : null;
  const vanishedTag = filter.tag !== null && !index.tags.some((entry) => entry.tag === filter.tag) ? filter.tag : null;
  const showTags = index.tagsAddToNamespaces || filter.tag !== null;
  return (
    <div role="search" aria-label="Filter tools" className="shrink-0 space-y-1.5 border-b border-border bg-panel-muted/60 px-3 py-2">
      <div className="flex min-w-0 items-center gap-2">
        <input
          type="search"
          data-testid="tool-filter"
          aria-label="Filter tools by name or description"
          placeholder="Filter by name or description"
          value={filter.text}
          onChange={(event) => onFilterChange({ ...filter, text: event.target.value })}
          spellCheck={false}
          autoComplete="off"
          className={`${INPUT_CLASS} min-w-0 flex-1`}
        />
        <span data-testid="tool-filter-count" data-pending={pending} aria-live="polite" className="shrink-0 whitespace-nowrap text-[11px] tabular-nums text-fg-muted">
          {shown} of {index.tools.length} tools
        </span>
        <button type="button" data-testid="tool-filter-clear" disabled={isToolFilterEmpty(filter)} onClick={() => onFilterChange(EMPTY_TOOL_FILTER)} className={SMALL_BUTTON}>
          Clear
        </button>
      </div>
      <div className="flex min-w-0 gap-2">
        <select
          data-testid="tool-filter-namespace"
          aria-label="Namespace"
          value={encodeNamespace(namespace)}
          onChange={(event) => onFilterChange({ ...filter, namespace: decodeNamespace(event.target.value) })}
          className={`${INPUT_CLASS} min-w-0 flex-1 truncate`}
        >
          <option value="all">All namespaces</option>
          {index.namespaces.map((entry) => (
            <option key={entry.namespace} value={`${NAMED_PREFIX}${entry.namespace}`}>
              {entry.namespace} ({entry.count})
            </option>
          ))}
          {vanishedNamespace !== null && <option value={`${NAMED_PREFIX}${vanishedNamespace}`}>{vanishedNamespace} (0)</option>}
          <option value="none">No namespace ({index.withoutNamespace})</option>
        </select>
        {showTags && (
          <select
            data-testid="tool-filter-tag"
            aria-label="Tag"
            value={filter.tag === null ? '' : `${TAG_PREFIX}${filter.tag}`}
            onChange={(event) => onFilterChange({ ...filter, tag: event.target.value.startsWith(TAG_PREFIX) ? event.target.value.slice(TAG_PREFIX.length) : null })}
            className={`${INPUT_CLASS} min-w-0 flex-1 truncate`}
          >
            <option value="">All tags</option>
            {index.tags.map((entry) => (
              <option key={entry.tag} value={`${TAG_PREFIX}${entry.tag}`}>
                {entry.tag} ({entry.count})
              </option>
            ))}
            {vanishedTag !== null && <option value={`${TAG_PREFIX}${vanishedTag}`}>{vanishedTag} (0)</option>}
          </select>
        )}
        <select
          data-testid="tool-filter-verdict"
          aria-label="Strict-mode verdict"
          value={filter.verdict}
          onChange={(event) => onFilterChange({ ...filter, verdict: readVerdict(event.target.value) })}
          className={`${INPUT_CLASS} min-w-0 flex-1 truncate`}
        >
          {VERDICT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function encodeNamespace(filter: NamespaceFilter): string {
  switch (filter.kind) {
    case 'all':
    case 'none':
      return filter.kind;
    case 'named':
      return `${NAMED_PREFIX}${filter.namespace}`;
    default:
      return assertNever(filter);
  }
}

function decodeNamespace(value: string): NamespaceFilter {
  if (value.startsWith(NAMED_PREFIX)) return { kind: 'named', namespace: value.slice(NAMED_PREFIX.length) };
  return value === 'none' ? { kind: 'none' } : { kind: 'all' };
}

function readVerdict(value: string): VerdictFilter {
  return VERDICT_OPTIONS.find((option) => option.value === value)?.value ?? 'any';
}
