import type { IterationRequest } from '@/lib/runtime';
import { TokenBar, computeSavings, formatTokens } from '@/components/timeline/tokens';
import { ToolName } from '@/components/timeline/call';

export type IterationTokensRowProps = {
  iteration: number;
  request: IterationRequest;
};

/** One request's context meter: tool tokens sent vs all loaded, what is still deferred, what search loaded. */
export function IterationTokensRow({ iteration, request }: IterationTokensRowProps) {
  const tokens = request.toolTokens;
  if (!tokens) return null;
  const { saved, percent, sentFraction } = computeSavings(tokens);
  return (
    <div
      data-testid={`iteration-tokens-${iteration}`}
      data-sent={tokens.sent}
      data-all-loaded={tokens.allLoaded}
      data-deferred={request.deferredCount}
      className="space-y-1 rounded border border-border bg-panel-muted/50 px-2 py-1.5 text-[11px] text-fg-muted"
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-fg">Tool definitions in this request:</span>
        <span>
          <span className="font-mono text-sky-700 dark:text-sky-400">{formatTokens(tokens.sent)}</span> tokens sent, of{' '}
          <span className="font-mono">{formatTokens(tokens.allLoaded)}</span> with every tool loaded
        </span>
        {saved > 0 && (
          <span className="text-emerald-700 dark:text-emerald-400">
            · {formatTokens(saved)} saved ({percent}%)
          </span>
        )}
        {request.deferredCount > 0 && <span>· {request.deferredCount.toLocaleString('en-US')} tools still deferred</span>}
      </p>
      {saved > 0 && <TokenBar sentFraction={sentFraction} label={`${formatTokens(tokens.sent)} of ${formatTokens(tokens.allLoaded)} tokens sent`} />}
      {request.newlyOffered.length > 0 && (
        <p data-testid="newly-loaded" className="flex flex-wrap items-baseline gap-x-1.5">
          <span>Loaded by search, callable from this request:</span>
          {request.newlyOffered.map((name) => (
            <ToolName key={name} name={name} className="rounded bg-emerald-500/10 px-1" />
          ))}
        </p>
      )}
    </div>
  );
}
