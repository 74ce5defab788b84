import { Badge } from '@/components/ui/badge';
import type { CallState, ToolSearchRecord } from '@/lib/runtime';
import { OutputViewer, ToolName } from '@/components/timeline/call';

export type ToolSearchRowProps = {
  search: ToolSearchRecord;
  /** The call the search answered, when the model asked for it as a function call. */
  call?: CallState;
};

/** A tool search: its query, who ran it, and the deferred tools it loaded. */
export function ToolSearchRow({ search, call }: ToolSearchRowProps) {
  return (
    <article
      data-testid={`tool-search-${search.callId}`}
      data-execution={search.execution}
      data-matches={search.matches.join(' ')}
      className="space-y-1.5 rounded-lg border border-sky-200 bg-sky-50/60 p-2.5 text-xs dark:border-sky-900 dark:bg-sky-950/30"
    >
      <header className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Tool search</span>
        <span className="min-w-0 truncate">“{search.query}”</span>
        <span className="ml-auto flex items-center gap-1.5">
          <Badge tone={search.execution === 'client' ? 'blue' : 'violet'} title={search.execution === 'client' ? 'Run by this runtime' : 'Run by the provider (hosted)'}>
            {search.execution === 'client' ? 'client-side' : 'hosted'}
          </Badge>
          <Badge tone={search.matches.length === 0 ? 'amber' : 'green'} testId="tool-search-count">
            {search.matches.length === 0 ? 'no match' : `${search.matches.length} loaded`}
          </Badge>
        </span>
      </header>
      {search.matches.length === 0 ? (
        <p className="text-fg-muted">No deferred tool matched; the model was told so and nothing was loaded.</p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-1.5">
          <span className="text-fg-muted">Loaded, callable from the next request:</span>
          {search.matches.map((name) => (
            <ToolName key={name} name={name} className="rounded bg-panel px-1" />
          ))}
        </p>
      )}
      {call?.phase === 'done' && (
        <details className="text-[11px]">
          <summary className="cursor-pointer text-fg-muted">Definitions returned to the model</summary>
          <OutputViewer output={call.output} />
        </details>
      )}
    </article>
  );
}
