import type { CallInputError } from '@/lib/runtime';

const CODE_TITLES: Record<CallInputError['code'], string> = {
  'unknown-tool': 'Unknown tool',
  'unparseable-arguments': 'Unparseable arguments',
  'invalid-arguments': 'Invalid arguments',
  'not-loaded': 'Tool not loaded yet',
};

/** Why a call's input was rejected: each invalid path, and the closest tool names. */
export function ValidationIssues({ error }: { error: CallInputError }) {
  return (
    <div
      data-testid="input-error"
      data-code={error.code}
      className="rounded border border-amber-200 bg-amber-50 px-2 py-1.5 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p>
        <span className="font-semibold">{CODE_TITLES[error.code]}:</span> {error.message}
      </p>
      {error.issues.length > 0 && (
        <ul className="mt-1 space-y-0.5">
          {error.issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`} className="flex gap-2">
              <code className="shrink-0 font-mono">{issue.path || '/'}</code>
              <span>{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {error.suggestions.length > 0 && (
        <p className="mt-1">
          Did you mean{' '}
          {error.suggestions.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code className="font-mono">{name}</code>
            </span>
          ))}
          ?
        </p>
      )}
    </div>
  );
}
