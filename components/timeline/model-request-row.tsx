import type { IterationState } from '@/lib/runtime/reduce-runtime-events';

type Request = NonNullable<IterationState['request']>;

/** What the model was sent: how many tools were offered, how many are deferred behind Tool Search. */
export function ModelRequestRow({ request }: { request: Request }) {
  const offered = request.offeredTools.length;
  return (
    <p data-testid="model-request" className="flex flex-wrap items-baseline gap-x-2 text-xs text-fg-muted">
      <span className="font-mono text-[10px] opacity-70">{Math.round(request.at)}ms</span>
      <span className="font-medium text-fg">Request</span>
      <span title={request.offeredTools.join(', ')}>
        {offered} tool{offered === 1 ? '' : 's'} offered
        {request.deferredCount > 0 && `, ${request.deferredCount} deferred behind tool search`}
      </span>
      <span>· {request.inputItemCount} input items</span>
    </p>
  );
}
