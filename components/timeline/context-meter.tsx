import type { TurnToolTokens } from '@/lib/runtime/events/reduce-runtime-events';
import { TokenBar } from './token-bar';
import { computeSavings, formatTokens } from './token-savings';

export type ContextMeterProps = {
  tokens: TurnToolTokens;
  toolCount: number;
  deferredCount: number;
};

/**
 * The turn's context meter: o200k tokens of the tools payload summed over every request,
 * against what the same requests would have carried with every tool loaded up front.
 */
export function ContextMeter({ tokens, toolCount, deferredCount }: ContextMeterProps) {
  if (tokens.requests === 0) return null;
  const { saved, percent, sentFraction } = computeSavings(tokens);
  const requests = `${tokens.requests} request${tokens.requests === 1 ? '' : 's'}`;
  return (
    <section
      data-testid="context-meter"
      data-sent={tokens.sent}
      data-all-loaded={tokens.allLoaded}
      data-requests={tokens.requests}
      className="space-y-1.5 rounded-lg border border-border bg-panel px-3 py-2 text-xs"
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">Context meter</span>
        <span className="text-fg-muted">tool tokens (o200k) over {requests}</span>
        <span className="ml-auto font-mono text-[11px]">
          <span className="text-sky-700 dark:text-sky-400">{formatTokens(tokens.sent)} sent</span>
          <span className="text-fg-muted"> / {formatTokens(tokens.allLoaded)} all loaded</span>
        </span>
      </p>
      <TokenBar sentFraction={sentFraction} label={`${formatTokens(tokens.sent)} of ${formatTokens(tokens.allLoaded)} tokens sent`} />
      <p className="text-fg-muted" data-testid="context-meter-savings" data-saved={saved} data-percent={percent}>
        {saved > 0 ? (
          <>
            <span className="font-medium text-emerald-700 dark:text-emerald-400">
              {formatTokens(saved)} tokens saved ({percent}%)
            </span>{' '}
            by keeping {deferredCount} of {toolCount} tools behind tool search.
          </>
        ) : (
          <>Nothing deferred in this turn: every request carried all {toolCount} tool definitions.</>
        )}
      </p>
    </section>
  );
}
