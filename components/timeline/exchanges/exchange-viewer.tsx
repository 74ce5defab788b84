'use client';

import { useState, type ReactNode } from 'react';
import type { TapeEntry } from '@/lib/contract';
import { ExchangeDetail } from './exchange-detail';
import { ExchangePicker } from './exchange-picker';
import { matchExchange, type InspectedTurn } from './match-exchange';
import { useTurnExchanges } from './use-turn-exchanges';

export type ExchangeViewerProps = { turn: InspectedTurn; iteration: number };

function Notice({ tone = 'muted', children, onRetry }: { tone?: 'muted' | 'error'; children: ReactNode; onRetry?: () => void }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`text-[11px] ${tone === 'error' ? 'text-red-600 dark:text-red-400' : 'text-fg-muted'}`}>
      {children}
      {onRetry && (
        <button type="button" onClick={onRetry} className="ml-2 underline hover:text-fg">
          {tone === 'error' ? 'Try again' : 'Refresh'}
        </button>
      )}
    </p>
  );
}

/** When the counts disagree, every exchange is offered, one at a time, instead of a guess. */
function AllExchanges({ exchanges }: { exchanges: readonly TapeEntry[] }) {
  const [selected, setSelected] = useState(0);
  const exchange = exchanges[Math.min(selected, exchanges.length - 1)];
  if (!exchange) return <Notice>No exchange was recorded for this turn.</Notice>;
  return (
    <div className="space-y-1.5">
      <ExchangePicker exchanges={exchanges} selected={selected} onSelect={setSelected} describe={(entry, index) => `#${index + 1} · ${entry.status ?? 'no response'}`} />
      <ExchangeDetail exchange={exchange} label={`Exchange ${selected + 1} of ${exchanges.length}`} />
    </div>
  );
}

/** The raw request and response behind one iteration, fetched when opened. */
export function ExchangeViewer({ turn, iteration }: ExchangeViewerProps) {
  const expected = turn.requests.filter((request) => request.settled).length;
  const { load, reload } = useTurnExchanges({ turnId: turn.turnId, expected, ended: turn.ended, enabled: true });
  return (
    <div data-testid="exchange-viewer" data-state={load.status} className="space-y-1.5 rounded border border-border bg-panel p-2">
      {load.status === 'loading' && <Notice>Loading the raw exchange…</Notice>}
      {load.status === 'failed' && (
        <Notice tone="error" onRetry={reload}>
          The raw exchange could not be loaded: {load.error}
        </Notice>
      )}
      {load.status === 'loaded' && <LoadedExchange exchanges={load.exchanges} iteration={iteration} turn={turn} onRefresh={reload} />}
      <p className="text-[10.5px] text-fg-muted">Bodies as sent and received. Headers are not recorded, and API keys and other secrets are replaced by [REDACTED].</p>
    </div>
  );
}

function LoadedExchange({ exchanges, iteration, turn, onRefresh }: { exchanges: TapeEntry[]; iteration: number; turn: InspectedTurn; onRefresh: () => void }) {
  const match = matchExchange(exchanges, iteration, turn);
  switch (match.kind) {
    case 'matched':
      return <ExchangeDetail exchange={match.exchange} label={`Exchange ${match.index + 1}`} />;
    case 'pending':
      return (
        <Notice onRetry={onRefresh}>
          This request is still waiting for its response; the exchange is recorded once the response has been read.
        </Notice>
      );
    case 'mismatch':
      return (
        <>
          <Notice>
            This turn made {match.requestCount} model request{match.requestCount === 1 ? '' : 's'} but {match.exchangeCount} exchange
            {match.exchangeCount === 1 ? ' was' : 's were'} recorded, so which one belongs to iteration {iteration} is not certain. A request that
            failed before any response arrived (aborted, a network error, a response refused as too large) records nothing. Every recorded
            exchange:
          </Notice>
          <AllExchanges exchanges={exchanges} />
        </>
      );
  }
}
