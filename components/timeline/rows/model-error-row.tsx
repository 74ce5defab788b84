import type { IterationState } from '@/lib/runtime';

type ModelError = NonNullable<IterationState['modelError']>;

/** A failed model request, shown prominently with the provider's status and message. */
export function ModelErrorRow({ error }: { error: ModelError }) {
  return (
    <div
      role="alert"
      data-testid="model-error"
      data-code={error.code}
      className="rounded border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <p className="font-semibold">
        Model error ({error.code}
        {error.status !== undefined ? `, HTTP ${error.status}` : ''})
      </p>
      <p className="mt-0.5 whitespace-pre-wrap break-words font-mono text-[11px]">{error.message}</p>
    </div>
  );
}
