'use client';

import { useContext, useState } from 'react';
import type { IterationState, ResponseTiming } from '@/lib/runtime';
import { ExchangeViewer, InspectedTurnContext } from '@/components/timeline/exchanges';
import { RequestTiming } from './request-timing';

type Request = NonNullable<IterationState['request']>;

export type ModelRequestRowProps = {
  iteration: number;
  request: Request;
  timing?: ResponseTiming;
  /** Why no response came back (refused before it was sent, no key, the network): then nothing was recorded to show raw. */
  unanswered?: string;
};

/**
 * What the model was sent: how many tools were offered, how many are deferred behind Tool Search,
 * and once answered how fast (first token, tokens per second); "Raw" opens the exact request body and response of this iteration when the turn is known.
 */
export function ModelRequestRow({ iteration, request, timing, unanswered }: ModelRequestRowProps) {
  const turn = useContext(InspectedTurnContext);
  const [open, setOpen] = useState(false);
  // `tool_search` is offered beside the tools, not one of them.
  const withSearch = request.offeredTools.includes('tool_search');
  const offered = request.offeredTools.length - (withSearch ? 1 : 0);
  return (
    <div className="space-y-1">
      <p data-testid="model-request" className="flex flex-wrap items-baseline gap-x-2 text-xs text-fg-muted">
        <span className="font-mono text-[10px] opacity-70">{Math.round(request.at)}ms</span>
        <span className="font-medium text-fg">Request</span>
        <span title={request.offeredTools.join(', ')}>
          {offered.toLocaleString('en-US')} tool{offered === 1 ? '' : 's'}
          {withSearch ? ' + tool_search' : ''} offered
          {request.deferredCount > 0 && `, ${request.deferredCount.toLocaleString('en-US')} deferred behind it`}
        </span>
        <span>
          · {request.inputItemCount.toLocaleString('en-US')} input item{request.inputItemCount === 1 ? '' : 's'}
        </span>
        {request.toolChoice !== undefined && (
          <span data-testid="request-tool-choice">
            · tool_choice <span className="font-mono">{request.toolChoice}</span>
          </span>
        )}
        {timing && <RequestTiming timing={timing} />}
        {unanswered !== undefined && (
          <span data-testid={`request-unanswered-${iteration}`} className="basis-full break-words text-red-700 dark:text-red-300">
            No response, so no raw exchange: {unanswered}
          </span>
        )}
        {turn && unanswered === undefined && (
          <button
            type="button"
            data-testid={`inspect-request-${iteration}`}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
            className="ml-auto rounded border border-border px-1.5 text-[11px] hover:text-fg"
          >
            {open ? 'Hide raw' : 'Raw request'}
          </button>
        )}
      </p>
      {turn && open && unanswered === undefined && <ExchangeViewer turn={turn} iteration={iteration} />}
    </div>
  );
}
