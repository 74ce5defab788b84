import type { ToolChange } from '@/lib/runtime';

/**
 * An MCP server said its tools changed during the turn and was listed again: what the next
 * request offers differently (added, removed, changed), or why the server could not be listed.
 */
export function ToolsChangedRow({ change }: { change: ToolChange }) {
  if (change.error !== undefined) {
    return (
      <p data-testid="tools-changed" data-server={change.server} className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-[11px] text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
        <span className="font-medium">{change.server}</span> said its tools changed but could not be listed again: {change.error} The turn keeps the tools it had.
      </p>
    );
  }
  const parts = [
    { label: 'added', names: change.added },
    { label: 'removed', names: change.removed },
    { label: 'changed', names: change.changed },
  ].filter((part) => part.names.length > 0);
  return (
    <p data-testid="tools-changed" data-server={change.server} className="flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5 rounded border border-sky-200 bg-sky-50 px-2 py-1 text-[11px] text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200">
      <span className="font-medium">Tools changed on {change.server}</span>
      <span>(the server sent tools/list_changed; this request offers its new listing):</span>
      {parts.length === 0 && <span>nothing the model sees.</span>}
      {parts.map((part, index) => (
        <span key={part.label}>
          {part.label} <span className="font-mono">{part.names.join(', ')}</span>
          {index < parts.length - 1 ? ';' : '.'}
        </span>
      ))}
    </p>
  );
}
