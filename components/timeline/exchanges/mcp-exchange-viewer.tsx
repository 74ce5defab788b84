'use client';

import { useMemo, useState } from 'react';
import { describeMcpExchange, pairMcpExchanges } from '@/lib/client/exchanges';
import type { McpTape } from '@/lib/contract';
import { ExchangePicker } from './exchange-picker';
import { McpExchangeDetail } from './mcp-exchange-detail';
import type { InspectedTurn } from './match-exchange';
import { useTurnExchanges } from './use-turn-exchanges';

/** Every JSON-RPC exchange of one server in a turn, one at a time: the handshake, the listing, each call. */
export function McpExchangeViewer({ turn, server }: { turn: InspectedTurn; server: string }) {
  const expected = turn.requests.filter((request) => request.settled).length;
  const { load, reload } = useTurnExchanges({ turnId: turn.turnId, expected, ended: turn.ended, enabled: true });
  return (
    <div data-testid="mcp-exchange-viewer" data-state={load.status} className="space-y-1.5 rounded border border-border bg-panel p-2">
      {load.status === 'loading' && <p className="text-[11px] text-fg-muted">Loading the JSON-RPC exchanges…</p>}
      {load.status === 'failed' && (
        <p role="alert" className="text-[11px] text-red-600 dark:text-red-400">
          The JSON-RPC exchanges could not be loaded: {load.error}
          <button type="button" onClick={reload} className="ml-2 underline hover:text-fg">
            Try again
          </button>
        </p>
      )}
      {load.status === 'loaded' && <ServerExchanges tape={load.mcp} server={server} onRefresh={reload} live={!turn.ended} />}
      <p className="text-[10.5px] text-fg-muted">
        Messages as sent and received. Header values are never recorded; a token a server echoes is replaced by [REDACTED].
      </p>
    </div>
  );
}

function ServerExchanges({ tape, server, onRefresh, live }: { tape: McpTape | undefined; server: string; onRefresh: () => void; live: boolean }) {
  const exchanges = useMemo(() => pairMcpExchanges((tape?.messages ?? []).filter((message) => message.server === server)), [tape, server]);
  const recorded = tape?.servers.find((candidate) => candidate.name === server);
  const [selected, setSelected] = useState(0);
  const exchange = exchanges[Math.min(selected, exchanges.length - 1)];
  if (!exchange) {
    return (
      <p role="status" className="text-[11px] text-fg-muted">
        No JSON-RPC message with {server} was recorded{live ? ' yet' : ''}.
        {live && (
          <button type="button" onClick={onRefresh} className="ml-2 underline hover:text-fg">
            Refresh
          </button>
        )}
      </p>
    );
  }
  return (
    <div className="space-y-1.5">
      <ExchangePicker
        exchanges={exchanges}
        selected={selected}
        onSelect={setSelected}
        testId="mcp-exchange-pick"
        describe={(entry) => `${entry.direction === 'received' ? '← ' : ''}${describeMcpExchange(entry)}`}
      />
      <McpExchangeDetail exchange={exchange} server={recorded} label={`Exchange ${Math.min(selected, exchanges.length - 1) + 1} of ${exchanges.length}`} />
    </div>
  );
}
