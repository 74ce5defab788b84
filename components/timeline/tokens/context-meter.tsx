import type { TurnToolTokens } from '@/lib/runtime';
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
        <span className="text-fg-muted">tokens of tool definitions (o200k), summed over the turn&apos;s {requests}</span>
      </p>
      <TokenBar sentFraction={sentFraction} label={`${formatTokens(tokens.sent)} of ${formatTokens(tokens.allLoaded)} tokens sent`} />
      <p data-testid="context-meter-sentence" className="text-fg-muted">
        Tool definitions sent: <span className="font-mono text-sky-700 dark:text-sky-400">{formatTokens(tokens.sent)}</span> tokens over {requests}; with all{' '}
        {toolCount} tools loaded they would have been <span className="font-mono">{formatTokens(tokens.allLoaded)}</span>.
      </p>
      <p className="text-fg-muted" data-testid="context-meter-savings" data-saved={saved} data-percent={percent}>
        {saved > 0 ? (
          <>
            <span className="font-medium text-emerald-700 dark:text-emerald-400">
              {formatTokens(saved)} tool tokens saved ({percent}% of {formatTokens(tokens.allLoaded)})
            </span>{' '}
            by keeping {deferredCount} of {toolCount} tools behind tool search.
          </>
        ) : (
          <>Nothing deferred in this turn: every request carried all {toolCount} tool definitions.</>
        )}{' '}
        A response&apos;s <em>input</em> count is the provider&apos;s, for its whole request: tools, instructions and conversation.
      </p>
    </section>
  );
}
