import type { CompileDiagnostic } from '@/lib/client/compile';

export type DiagnosticsListProps = { diagnostics: CompileDiagnostic[]; failure: string | null };

/** Compile diagnostics (with line:column) and a failed compile request, if any. */
export function DiagnosticsList({ diagnostics, failure }: DiagnosticsListProps) {
  if (diagnostics.length === 0 && failure === null) return null;
  return (
    <ul data-testid="diagnostics-list" className="space-y-1">
      {failure !== null && (
        <li data-testid="compile-failure" className="rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          Compile request failed: {failure}
        </li>
      )}
      {diagnostics.map((diagnostic, index) => (
        <li
          key={`${diagnostic.line}:${diagnostic.column}:${index}`}
          data-testid="diagnostic"
          data-severity={diagnostic.severity}
          className={`flex gap-2 rounded border px-2 py-1.5 text-xs leading-snug ${
            diagnostic.severity === 'error'
              ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
              : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
          }`}
        >
          <span className="shrink-0 font-mono opacity-80">
            {diagnostic.line}:{diagnostic.column}
          </span>
          <span className="min-w-0 break-words">{diagnostic.message}</span>
        </li>
      ))}
    </ul>
  );
}
