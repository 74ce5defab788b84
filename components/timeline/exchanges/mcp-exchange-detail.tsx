'use client';

import { useMemo, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { formatMcpCurl, type McpExchange } from '@/lib/client/exchanges';
import type { McpRecordedServer } from '@/lib/contract';
import { ExchangeBody } from './exchange-body';
import { ExchangeTabs, type ExchangeTab } from './exchange-tabs';

/** One JSON-RPC exchange with a server: the request, its response, and a curl command that sends the request again. */
export function McpExchangeDetail({ exchange, server, label }: { exchange: McpExchange; server: McpRecordedServer | undefined; label: string }) {
  const [tab, setTab] = useState<ExchangeTab>('request');
  const curl = useMemo(() => formatMcpCurl(exchange, server), [exchange, server]);
  const failed = exchange.response !== undefined && typeof exchange.response === 'object' && exchange.response !== null && 'error' in exchange.response;
  return (
    <div className="space-y-1.5">
      <p className="flex flex-wrap items-baseline gap-x-2 font-mono text-[11px]">
        <span className="font-sans font-medium text-fg">{label}</span>
        <span className="text-fg-muted">{exchange.direction === 'sent' ? 'to' : 'from'}</span>
        <span data-testid="mcp-exchange-url" className="break-all text-fg">
          {server?.url ?? `${exchange.server} (the operator's server)`}
        </span>
        <span data-testid="mcp-exchange-method" className="text-fg">
          {exchange.method}
        </span>
        <span data-testid="mcp-exchange-status" className={exchange.id === undefined ? 'text-fg-muted' : exchange.response === undefined ? 'text-amber-700 dark:text-amber-400' : failed ? 'text-red-600 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}>
          {exchange.id === undefined ? 'notification' : exchange.response === undefined ? 'no response recorded' : failed ? 'error' : 'result'}
        </span>
      </p>
      <ExchangeTabs
        tab={tab}
        onSelect={setTab}
        testIdPrefix="mcp-exchange-tab"
        requestLabel={exchange.id === undefined ? 'Message' : 'Request'}
        responseDisabled={exchange.response === undefined}
        actions={curl !== undefined && <CopyButton text={curl} label="Copy as curl" testId="mcp-copy-curl" />}
      />
      {tab === 'response' && exchange.response !== undefined ? (
        <ExchangeBody body={exchange.response} testId="mcp-exchange-response-body" fileName="response.json" />
      ) : (
        <ExchangeBody body={exchange.request} testId="mcp-exchange-request-body" fileName="request.json" />
      )}
    </div>
  );
}
