import type { CallState, DispatchBatch } from '@/lib/runtime';
import { ToolName } from '@/components/timeline/call';

export type DispatchPlanRowProps = {
  plan: DispatchBatch[];
  calls: Record<string, CallState>;
};

/** The order the runtime will run calls in: parallel batches and sequential barriers. */
export function DispatchPlanRow({ plan, calls }: DispatchPlanRowProps) {
  if (plan.length === 0) return null;
  return (
    <div data-testid="dispatch-plan" className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
      <span className="font-medium text-fg">Dispatch</span>
      {plan.map((batch, index) => (
        <span key={index} className="flex items-center gap-1.5">
          {index > 0 && <span aria-hidden>→</span>}
          <span
            data-testid="dispatch-batch"
            data-mode={batch.mode}
            className={`rounded border px-1.5 py-px font-mono text-[10.5px] ${
              batch.mode === 'parallel'
                ? 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-300'
                : 'border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-900 dark:bg-orange-950/50 dark:text-orange-300'
            }`}
            title={batch.mode === 'parallel' ? 'These calls run concurrently' : 'Runs alone: a barrier'}
          >
            {batch.mode === 'parallel' ? '∥ ' : 'barrier: '}
            {batch.callIds.map((id, position) => (
              <span key={id}>
                {position > 0 && (batch.mode === 'parallel' ? ' · ' : ', ')}
                <ToolName name={calls[id]?.name ?? id} />
              </span>
            ))}
          </span>
        </span>
      ))}
    </div>
  );
}
